/**
 * Per-party shipping and a store's orders over HTTP: an order of the shop's and a store's
 * goods is shipped by each party in either order and becomes 待收货 exactly once (concurrent ships
 * of one party make one shipment; both parties at once still move the order once); an order of
 * only a store's goods is not the shop's to ship; a store sees only its own lines, the buyer
 * masked, never another store's orders; bad input is refused in Chinese.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import {
  bearer,
  buyer,
  consoleCalls,
  dbOf,
  makeGoods,
  memberIdOf,
  paidOrder,
  startTestServer,
  type Buyer,
  type MadeGoods,
  type TestServer,
} from '../../test/kit/index.ts';
import { makeStore, storeToken, type TestStore } from './ops-store.fixtures.ts';

const OPS_TOKEN = 'ops-token-for-store-order-tests-0123456789';
let server: TestServer;
let ops: ReturnType<typeof consoleCalls>;
let storeA: TestStore;
let storeB: TestStore;
let tokenA: string;
let tokenB: string;
let shopGoods: MadeGoods;
let goodsA: MadeGoods;
let goodsB: MadeGoods;
let b: Buyer;
let memberId: string;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  ops = consoleCalls(server, OPS_TOKEN);
  storeA = await makeStore(server, '山野茶舍');
  storeB = await makeStore(server, '海边渔铺');
  tokenA = await storeToken(server, storeA);
  tokenB = await storeToken(server, storeB);
  const db = dbOf(server);
  shopGoods = await makeGoods(db, { name: '平台自营保温杯', priceFen: 5000 });
  goodsA = await makeGoods(db, { name: '明前龙井', priceFen: 3000 });
  goodsB = await makeGoods(db, { name: '舟山带鱼', priceFen: 8000 });
  await db.execute(sql`UPDATE goods SET supplier_id = ${storeA.id} WHERE id = ${goodsA.goodsId}`);
  await db.execute(sql`UPDATE goods SET supplier_id = ${storeB.id} WHERE id = ${goodsB.goodsId}`);
  b = await buyer(server.api);
  memberId = await memberIdOf(server.api, b.token);
});
afterAll(() => server?.close());

const line = (g: MadeGoods, unitPrice: number, quantity = 1) => ({ skuId: g.skuId, goodsId: g.goodsId, unitPrice, quantity });
const shopShip = (orderNo: string, trackingNo = 'SF1000000001') =>
  ops.post('/ops/order/ship', { orderNo, company: '顺丰速运', trackingNo });
const storeShip = (token: string, orderNo: string, trackingNo = 'ZT2000000001') =>
  server.api.post('/ops/store/order/ship', { ...bearer(token), json: { orderNo, company: '中通快递', trackingNo } });
const storeGet = (token: string, path: string, query: Record<string, string | number>) =>
  server.api.get(path, { ...bearer(token), query });

async function orderState(orderNo: string) {
  const [o] = await rows<{ id: string; status: string }>(
    dbOf(server),
    sql`SELECT id, status FROM orders WHERE order_no = ${orderNo}`,
  );
  const ships = await rows<{ n: number }>(
    dbOf(server),
    sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${o!.id} AND type = 'ship'`,
  );
  const parcels = await rows<{ n: number }>(
    dbOf(server),
    sql`SELECT count(*)::int AS n FROM order_shipments WHERE order_id = ${o!.id}`,
  );
  return { status: o!.status, shipEvents: ships[0]!.n, shipments: parcels[0]!.n };
}

const mixed = () => paidOrder(server, memberId, [line(shopGoods, 5000), line(goodsA, 3000, 2)]);

describe('a mixed order', () => {
  it('the shop first, then the store: 待收货 once, each parcel shown to the buyer with its lines', async () => {
    const order = await mixed();
    const first = await shopShip(order.orderNo);
    expect(first.code, first.message).toBe(0);
    expect(first.data.status).toBe('PENDING_SHIPMENT');
    expect(first.data.canShip).toBe(false);
    expect(first.data.parties).toEqual(
      expect.arrayContaining([
        { storeName: null, lines: 1, shipped: true },
        { storeName: '山野茶舍', lines: 1, shipped: false },
      ]),
    );
    expect(await shopShip(order.orderNo, 'SF1000000002')).toMatchObject({
      code: Code.ALREADY_SHIPPED,
      message: '已发货，请勿重复操作',
    });
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_SHIPMENT', shipEvents: 0, shipments: 1 });

    const second = await storeShip(tokenA, order.orderNo);
    expect(second.code, second.message).toBe(0);
    expect(second.data).toMatchObject({ shipped: true, status: 'PENDING_RECEIPT', shipment: { company: '中通快递' } });
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_RECEIPT', shipEvents: 1, shipments: 2 });

    const detail = await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo: order.orderNo } });
    expect(detail.data.status).toBe('PENDING_RECEIPT');
    expect(detail.data.shipments).toHaveLength(2);
    const shopParcel = detail.data.shipments.find((s: { storeName: string | null }) => s.storeName === null);
    const storeParcel = detail.data.shipments.find((s: { storeName: string | null }) => s.storeName === '山野茶舍');
    expect(shopParcel).toMatchObject({ company: '顺丰速运', trackingNo: 'SF1000000001', itemIds: [order.items[0]!.id] });
    expect(storeParcel).toMatchObject({ company: '中通快递', trackingNo: 'ZT2000000001', itemIds: [order.items[1]!.id] });
    const opsDetail = await ops.get('/ops/order/detail', { orderNo: order.orderNo });
    expect(opsDetail.data.shipments).toHaveLength(2);
  });

  it('the store first, then the shop: the same, and the store cannot ship twice', async () => {
    const order = await mixed();
    expect((await storeShip(tokenA, order.orderNo)).code).toBe(0);
    expect(await storeShip(tokenA, order.orderNo, 'ZT2000000009')).toMatchObject({ code: Code.ALREADY_SHIPPED });
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_SHIPMENT', shipEvents: 0, shipments: 1 });
    const last = await shopShip(order.orderNo);
    expect(last.code, last.message).toBe(0);
    expect(last.data.status).toBe('PENDING_RECEIPT');
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_RECEIPT', shipEvents: 1, shipments: 2 });
    // A shipped order answers with its state.
    expect((await storeShip(tokenA, order.orderNo)).message).toBe('订单待收货，不能进行此操作');
  });

  it('concurrent ships of one party make one shipment; both parties at once move the order once', async () => {
    const order = await mixed();
    const same = await Promise.all([1, 2, 3, 4].map((i) => storeShip(tokenA, order.orderNo, `ZT30000000${i}`)));
    expect(same.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of same.filter((x) => x.code !== 0)) expect(r.code).toBe(Code.ALREADY_SHIPPED);
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_SHIPMENT', shipEvents: 0, shipments: 1 });

    const both = await mixed();
    const results = await Promise.all([
      shopShip(both.orderNo),
      storeShip(tokenA, both.orderNo),
      shopShip(both.orderNo, 'SF1000000003'),
      storeShip(tokenA, both.orderNo, 'ZT2000000003'),
    ]);
    expect(results.filter((r) => r.code === 0)).toHaveLength(2);
    expect(await orderState(both.orderNo)).toEqual({ status: 'PENDING_RECEIPT', shipEvents: 1, shipments: 2 });
  });
});

describe('an order of one store’s goods', () => {
  it('is not the shop’s to ship, is invisible to another store, and the owner ships it alone', async () => {
    const order = await paidOrder(server, memberId, [line(goodsA, 3000, 3)]);
    expect(await shopShip(order.orderNo)).toMatchObject({ code: Code.SHIPPED_BY_SUPPLIER, message: '该订单由供应商发货' });
    expect(await storeShip(tokenB, order.orderNo)).toMatchObject({ code: Code.NOT_FOUND, message: '订单不存在' });
    expect(await storeGet(tokenB, '/ops/store/order/detail', { orderNo: order.orderNo })).toMatchObject({
      code: Code.NOT_FOUND,
      message: '订单不存在',
    });
    const pageB = await storeGet(tokenB, '/ops/store/order/page', { orderNo: order.orderNo });
    expect(pageB.data.total).toBe(0);
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_SHIPMENT', shipEvents: 0, shipments: 0 });

    const shipped = await storeShip(tokenA, order.orderNo);
    expect(shipped.code, shipped.message).toBe(0);
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_RECEIPT', shipEvents: 1, shipments: 1 });
    // single-party: the buyer's logistics is as before
    const detail = await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo: order.orderNo } });
    expect(detail.data.logistics).toMatchObject({ company: '中通快递', trackingNo: 'ZT2000000001' });
  });

  it('refuses an unpaid order with its state', async () => {
    const { makeOrder } = await import('../../test/kit/trade.ts');
    const unpaid = await makeOrder(dbOf(server), memberId, [line(goodsA, 3000)]);
    expect((await storeShip(tokenA, unpaid.orderNo)).message).toBe('订单待付款，不能进行此操作');
    // Nothing to ship yet: the receiver and the number masked, the street left out.
    const detail = await storeGet(tokenA, '/ops/store/order/detail', { orderNo: unpaid.orderNo });
    expect(detail.code).toBe(0);
    expect(detail.data.address).toMatchObject({ receiverName: '张***', mobile: '138****8000', detail: '' });
    expect(JSON.stringify(detail.data)).not.toContain('测试路');
    expect(JSON.stringify(detail.data)).not.toContain('13800138000');
  });
});

describe('本店订单', () => {
  it('shows only the store’s lines and their paid share, the buyer masked, the address whole for shipping', async () => {
    const order = await paidOrder(server, memberId, [line(shopGoods, 5000), line(goodsA, 3000, 2), line(goodsB, 8000)]);
    const page = await storeGet(tokenA, '/ops/store/order/page', { orderNo: order.orderNo });
    expect(page.code, page.message).toBe(0);
    expect(page.data.total).toBe(1);
    const row = page.data.list[0];
    expect(row.lines.map((l: { goodsId: number }) => l.goodsId)).toEqual([goodsA.goodsId]);
    expect(row.linesAmount).toBe(order.items[1]!.paidShare);
    expect(row).toMatchObject({ status: 'PENDING_SHIPMENT', shipped: false, canShip: true });
    const [member] = await rows<{ username: string | null; mobile: string }>(
      dbOf(server),
      sql`SELECT username, mobile FROM members WHERE id = ${memberId}`,
    );
    expect(row.buyer).toContain('****');
    expect(row.buyer).not.toBe(member!.mobile);
    expect(JSON.stringify(page.data)).not.toContain(member!.mobile);
    expect(JSON.stringify(page.data)).not.toContain('舟山带鱼');

    const detail = await storeGet(tokenA, '/ops/store/order/detail', { orderNo: order.orderNo });
    expect(detail.code).toBe(0);
    expect(detail.data).toMatchObject({
      otherLinesCount: 2,
      address: { receiverName: '张三', mobile: '13800138000', detail: '测试路 1 号' },
      shipment: null,
    });
    expect(detail.data.lines).toHaveLength(1);
    expect(JSON.stringify(detail.data)).not.toContain('平台自营保温杯');
    expect(JSON.stringify(detail.data)).not.toContain(member!.mobile);

    const pageB = await storeGet(tokenB, '/ops/store/order/page', { pageSize: 50 });
    for (const o of pageB.data.list) {
      for (const l of o.lines) expect(l.goodsId).toBe(goodsB.goodsId);
    }
  });

  it('refuses bad input in Chinese', async () => {
    const cases: [string, Record<string, string | number>, RegExp][] = [
      ['/ops/store/order/page', { pageSize: 51 }, /每页条数/],
      ['/ops/store/order/page', { pageNum: 0 }, /页码/],
      ['/ops/store/order/page', { status: 'SHIPPED_MAYBE' }, /订单状态/],
      ['/ops/store/order/page', { orderNo: "1' OR '1'='1" }, /订单号/],
      ['/ops/store/order/page', { orderNo: '1'.repeat(41) }, /订单号不能超过/],
      ['/ops/store/order/detail', {}, /请填写订单号/],
      ['/ops/store/order/detail', { orderNo: 'x'.repeat(41) }, /订单号不能超过/],
    ];
    for (const [path, query, message] of cases) {
      const res = await storeGet(tokenA, path, query);
      expect(res.code, `${path} ${JSON.stringify(query)}`).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    const unicode = await storeGet(tokenA, '/ops/store/order/detail', { orderNo: '订单😀' });
    expect(unicode).toMatchObject({ code: Code.NOT_FOUND, message: '订单不存在' });

    const order = await paidOrder(server, memberId, [line(goodsA, 3000)]);
    const ships: [Record<string, unknown>, RegExp][] = [
      [{ orderNo: order.orderNo }, /请填写物流公司/],
      [{ orderNo: order.orderNo, company: '火星快递', trackingNo: 'A1' }, /请从列表中选择物流公司/],
      [{ orderNo: order.orderNo, company: '中通快递', trackingNo: '单号😀' }, /物流单号只能包含/],
      [{ orderNo: order.orderNo, company: '中通快递', trackingNo: 'A'.repeat(41) }, /物流单号不能超过/],
      [{ orderNo: order.orderNo, company: '中通快递', trackingNo: -1 }, /物流单号格式不正确/],
      [{ company: '中通快递', trackingNo: 'ZT1' }, /请填写订单号/],
    ];
    for (const [json, message] of ships) {
      const res = await server.api.post('/ops/store/order/ship', { ...bearer(tokenA), json });
      expect(res.code, JSON.stringify(json)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_SHIPMENT', shipEvents: 0, shipments: 0 });
  });
});

describe('a party whose lines are all refunded before it ships', () => {
  it('leaves nothing to wait for: the order ships when the other party has', async () => {
    const { applyAfterSale } = await import('../../test/kit/console-trade.ts');
    const order = await mixed();
    expect((await shopShip(order.orderNo)).code).toBe(0);
    const afterSaleNo = await applyAfterSale(server, b.token, order.items[1]!.id, { quantity: 2 });
    expect((await ops.post('/ops/afterSale/approve', { afterSaleNo })).code).toBe(0);
    const refunded = await ops.post('/ops/afterSale/refund', { afterSaleNo });
    expect(refunded.code, refunded.message).toBe(0);
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_RECEIPT', shipEvents: 1, shipments: 1 });
    expect(await storeShip(tokenA, order.orderNo)).toMatchObject({ code: Code.ORDER_STATE });
  });

  it('the other way round: the store’s lines shipped, the shop’s refunded, the order ships', async () => {
    const { applyAfterSale } = await import('../../test/kit/console-trade.ts');
    const order = await mixed();
    expect((await storeShip(tokenA, order.orderNo)).code).toBe(0);
    const afterSaleNo = await applyAfterSale(server, b.token, order.items[0]!.id);
    expect((await ops.post('/ops/afterSale/approve', { afterSaleNo })).code).toBe(0);
    expect((await ops.post('/ops/afterSale/refund', { afterSaleNo })).code).toBe(0);
    expect(await orderState(order.orderNo)).toEqual({ status: 'PENDING_RECEIPT', shipEvents: 1, shipments: 1 });
    expect(await shopShip(order.orderNo)).toMatchObject({ code: Code.ORDER_STATE });
  });
});
