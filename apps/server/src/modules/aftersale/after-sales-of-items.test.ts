import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyAfterSale,
  buyer,
  dbOf,
  firstItemId,
  makeGoods,
  placeOrder,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { afterSalesOfItems } from './aftersale.service.ts';

/** The read other modules use: the requests on some order lines, newest first, a page or all of them. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

describe('afterSalesOfItems', () => {
  it('reads the requests of the lines asked for, newest first, with their state; nothing else', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { priceFen: 20000, stock: 20 });
    const b = await buyer(server.api);
    const lines: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { orderNo } = await placeOrder(server, b, g.skuId, 1);
      lines.push(await firstItemId(server, b.token, orderNo));
    }
    const nos = [await applyAfterSale(server, b.token, lines[0]!), await applyAfterSale(server, b.token, lines[1]!)];
    await applyAfterSale(server, b.token, lines[2]!); // not asked for

    const all = await afterSalesOfItems(db, [lines[0]!, lines[1]!, lines[0]!]);
    expect(all.total).toBe(2);
    expect(all.list.map((a) => a.afterSaleNo)).toEqual([nos[1], nos[0]]);
    expect(all.list[0]).toMatchObject({
      orderItemId: lines[1],
      status: 'PENDING_REVIEW',
      statusText: '待审核',
      open: true,
      refundFen: 20000,
      specText: '颜色：黑色',
    });
    const page = await afterSalesOfItems(db, lines.slice(0, 2), { pageNum: 2, pageSize: 1 });
    expect(page).toMatchObject({ total: 2, list: [{ afterSaleNo: nos[0] }] });
    expect(await afterSalesOfItems(db, [])).toEqual({ list: [], total: 0 });
    // Anything that is not a line id is left out, never put into the query.
    expect(await afterSalesOfItems(db, ["x'}; DROP TABLE after_sales; --", 'not-a-uuid'])).toEqual({
      list: [],
      total: 0,
    });
  });
});
