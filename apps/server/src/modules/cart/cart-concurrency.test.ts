/**
 * One member's cart writes take turns (an advisory lock keyed by the member, not a lock on the
 * members row): concurrent adds of one SKU merge into one line, and concurrent adds of new SKUs
 * never pass the line limit. Meaningful on PostgreSQL (`npm run test:pg`), where they run at once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { sql } from '../../lib/db.ts';
import { smsSignIn, startTestServer, type TestServer, dbOf, makeGoods } from '../../test/kit/index.ts';
import { MAX_CART_LINES } from './cart.schema.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const add = (token: string, json: unknown) => server.api.post('/member/trade/cart/add', { token, json });
const lines = async (token: string) => (await server.api.get('/member/trade/cart/list', { token })).data.lines as any[];

describe('concurrent cart writes of one member', () => {
  test('twelve adds of one SKU at once make one line of twelve', async () => {
    const { accessToken: token } = await smsSignIn(server.api);
    const g = await makeGoods(dbOf(server), { stock: 50 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => add(token, { skuId: g.skuId, quantity: 1 })));
    for (const res of answers) expect(res.code, res.message).toBe(0);
    expect(await lines(token)).toEqual([expect.objectContaining({ skuId: g.skuId, quantity: 12 })]);
  });

  test('adds of new SKUs at once stop at the line limit', async () => {
    const { accessToken: token } = await smsSignIn(server.api);
    const db = dbOf(server);
    const skus = Array.from({ length: MAX_CART_LINES + 4 }, (_, i) => ({
      specs: { 编号: String(i) },
      priceFen: 100,
      stock: 10,
    }));
    const g = await makeGoods(db, { skus });
    const memberId = (await server.api.get('/member/user/user/current', { token })).data.id as string;
    // all but one line filled directly, then five adds race for the last place
    const filled = g.skuIds.slice(0, MAX_CART_LINES - 1);
    await db.execute(
      sql`INSERT INTO cart_items (member_id, goods_id, sku_id, quantity, price_at_add)
          SELECT ${memberId}, ${g.goodsId}, s, 1, 100 FROM unnest(${`{${filled.join(',')}}`}::int[]) AS s`,
    );
    const racing = g.skuIds.slice(MAX_CART_LINES - 1);
    const answers = await Promise.all(racing.map((skuId) => add(token, { skuId, quantity: 1 })));
    expect(answers.filter((r) => r.code === 0)).toHaveLength(1);
    expect(answers.filter((r) => r.code === Code.CART_FULL)).toHaveLength(racing.length - 1);
    expect(await lines(token)).toHaveLength(MAX_CART_LINES);
  });
});
