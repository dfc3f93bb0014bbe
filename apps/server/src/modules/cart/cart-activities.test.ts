import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asOps, buyer, dbOf, makeGoods, setPrice, startTestServer, type TestServer } from '../../test/kit/index.ts';

/**
 * The cart prices a line as the checkout will: a running 限时折扣 shows its price, the usual price and
 * the activity; one not started yet changes nothing; the SKU's own price change is still 降价 / 涨价.
 */
const OPS_TOKEN = 'cart-activities-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();
const ops = (path: string, json: unknown) => server.api.post(`/ops/promotion/activity/${path}`, { json, ...asOps(OPS_TOKEN) });
const add = (token: string, skuId: number, quantity: number) => server.api.post('/member/trade/cart/add', { token, json: { skuId, quantity } });
const cart = async (token: string) => (await server.api.get('/member/trade/cart/list', { token })).data;

async function discount(skuId: number, rule: { percent?: number; priceFen?: number }, startsIn = -1) {
  const made = await ops('create', {
    kind: 'TIME_DISCOUNT',
    title: '周末特惠',
    startsAt: inMinutes(startsIn),
    endsAt: inMinutes(startsIn + 60),
    skus: [{ skuId, ...rule }],
  });
  expect(made.code, made.message).toBe(0);
  const done = await ops('schedule', { id: made.data.id });
  expect(done.code, done.message).toBe(0);
  return made.data.id as number;
}

describe('cart and 限时折扣', () => {
  test('a running discount prices the line, the subtotal and the selected amount as the checkout does', async () => {
    const b = await buyer(server.api);
    const on = await makeGoods(dbOf(server), { priceFen: 10000, stock: 10 });
    const plain = await makeGoods(dbOf(server), { priceFen: 3000, stock: 10 });
    const id = await discount(on.skuId, { percent: 85 });
    await add(b.token, on.skuId, 2);
    await add(b.token, plain.skuId, 1);

    const c = await cart(b.token);
    const line = c.lines.find((l: { skuId: number }) => l.skuId === on.skuId);
    expect(line).toMatchObject({ price: 8500, usualPrice: 10000, lineAmount: 17000, activity: { id, title: '周末特惠', kindText: '限时折扣' }, priceChange: null });
    expect(c.lines.find((l: { skuId: number }) => l.skuId === plain.skuId)).toMatchObject({ price: 3000, usualPrice: 3000, activity: null });
    expect(c.summary.selectedAmount).toBe(17000 + 3000);

    const q = await server.api.post('/member/trade/checkout/quote', {
      token: b.token,
      json: { cartItemIds: c.lines.map((l: { id: string }) => l.id), addressId: b.addressId },
    });
    expect(q.code, q.message).toBe(0);
    expect(q.data.goodsAmount - q.data.activityDiscount).toBe(c.summary.selectedAmount);
  });

  test('a discount not started yet prices nothing; the SKU’s own price change is still 降价', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(dbOf(server), { priceFen: 10000, stock: 10 });
    await discount(g.skuId, { priceFen: 5000 }, 60);
    await add(b.token, g.skuId, 1);
    await setPrice(dbOf(server), g.skuId, 9000);

    const [line] = (await cart(b.token)).lines;
    expect(line).toMatchObject({ price: 9000, usualPrice: 9000, activity: null, priceChange: 'DOWN', priceDiff: 1000 });
  });
});
