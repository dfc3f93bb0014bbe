/**
 * The order's life through the orders module, over HTTP: a full refund before shipment closes the
 * order (stock back, no longer shippable, shown as 已关闭), a part refund keeps it shippable for the
 * rest, an open after-sale keeps the order from being deleted, and concurrent refunds of one order
 * close it once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notifyPaid,
  startTestServer,
  type TestServer,
  buyer,
  dbOf,
  makeGoods,
  newKey,
  salesOf,
  stockOf,
} from '../test/kit/index.ts';

const OPS_TOKEN = 'ops-token-for-lifecycle-tests-0123456789';
let server: TestServer;
let b: Awaited<ReturnType<typeof buyer>>;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  b = await buyer(server.api);
});
afterAll(() => server?.close());

const ops = (method: 'get' | 'post', path: string, body: Record<string, unknown>) =>
  method === 'get'
    ? server.api.get(`/ops/${path}`, { query: body as Record<string, string>, headers: { 'x-ops-token': OPS_TOKEN } })
    : server.api.post(`/ops/${path}`, { json: body, headers: { 'x-ops-token': OPS_TOKEN } });
const detail = async (orderNo: string) =>
  (await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo } })).data;

/** Places an order for the given SKUs through the cart and checkout, and pays it by a sandbox notification. */
async function paidOrder(lines: { skuId: number; quantity: number }[]) {
  const cartItemIds: string[] = [];
  for (const l of lines) {
    const res = await server.api.post('/member/trade/cart/add', { token: b.token, json: l });
    cartItemIds.push(res.data.id);
  }
  const submitted = await server.api.post('/member/trade/checkout/submit', {
    token: b.token,
    json: { cartItemIds, addressId: b.addressId, idempotencyKey: newKey() },
  });
  expect(submitted.code, submitted.message).toBe(0);
  const { orderNo, payableAmount } = submitted.data;
  expect(await notifyPaid(server, orderNo, payableAmount)).toBe('success');
  return detail(orderNo);
}

/** Applies for a refund-only after-sale of `quantity` units of a line, approves it and refunds it. */
async function refund(itemId: string, quantity: number) {
  const applied = await server.api.post('/member/order/afterSale/apply', {
    token: b.token,
    json: { orderItemId: itemId, type: 'REFUND_ONLY', reason: '不想要了', description: '', quantity, images: [] },
  });
  expect(applied.code, applied.message).toBe(0);
  expect((await ops('post', 'afterSale/approve', { afterSaleNo: applied.data.afterSaleNo })).code).toBe(0);
  return applied.data as { id: string; afterSaleNo: string };
}

const ship = (orderNo: string) =>
  ops('post', 'order/ship', { orderNo, company: '顺丰速运', trackingNo: 'SF1234567890' });

describe('refunds before shipment', () => {
  it('a full refund closes the order: stock and sales back, no longer shippable, shown as 已关闭', async () => {
    const db = dbOf(server);
    const a = await makeGoods(db, { stock: 20 });
    const c = await makeGoods(db, { stock: 20 });
    const order = await paidOrder([
      { skuId: a.skuId, quantity: 2 },
      { skuId: c.skuId, quantity: 1 },
    ]);
    expect(order.status).toBe('PENDING_SHIPMENT');
    expect([await stockOf(db, a.skuId), await stockOf(db, c.skuId)]).toEqual([18, 19]);

    for (const item of order.items) {
      const request = await refund(item.id, item.quantity);
      const done = await ops('post', 'afterSale/refund', { afterSaleNo: request.afterSaleNo });
      expect(done.data.status).toBe('COMPLETED');
    }

    expect([await stockOf(db, a.skuId), await stockOf(db, c.skuId)]).toEqual([20, 20]);
    expect([await salesOf(db, a.goodsId), await salesOf(db, c.goodsId)]).toEqual([0, 0]);
    const closed = await detail(order.orderNo);
    expect(closed).toMatchObject({ status: 'CLOSED', statusText: '已关闭' });
    expect(closed.closedAt).toEqual(expect.any(String));
    for (const item of closed.items) expect(item.refundedQuantity).toBe(item.quantity);
    expect(closed.actions.map((x: { key: string }) => x.key)).toEqual(['buyAgain', 'delete']);
    expect(closed.timeline.at(-1)).toMatchObject({ type: 'closeAfterRefund', title: '订单已关闭', toStatus: 'CLOSED' });

    expect(await ship(order.orderNo)).toMatchObject({ code: 108101, message: '订单已关闭，不能进行此操作' });
    const seen = await ops('get', 'order/detail', { orderNo: order.orderNo });
    expect(seen.data).toMatchObject({ status: 'CLOSED', statusText: '已关闭', logistics: null });
    // The payment page no longer calls it paid, and it cannot be paid again.
    const status = await server.api.get('/member/pay/order/status', {
      token: b.token,
      query: { orderNo: order.orderNo },
    });
    expect(status.data).toMatchObject({ status: 'CLOSED', paid: false });
    const pay = await server.api.post('/member/pay/order/create', {
      token: b.token,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    expect(pay).toMatchObject({ code: 108101, message: '订单已关闭，不能支付' });
  });

  it('a part refund keeps the order shippable for the rest and gives back only the refunded units', async () => {
    const db = dbOf(server);
    const a = await makeGoods(db, { stock: 10 });
    const order = await paidOrder([{ skuId: a.skuId, quantity: 3 }]);
    const request = await refund(order.items[0].id, 1);
    await ops('post', 'afterSale/refund', { afterSaleNo: request.afterSaleNo });

    expect(await stockOf(db, a.skuId)).toBe(8);
    expect(await salesOf(db, a.goodsId)).toBe(2);
    const after = await detail(order.orderNo);
    expect(after.status).toBe('PENDING_SHIPMENT');
    expect(after.items[0]).toMatchObject({ refundedQuantity: 1, afterSale: { id: request.id, open: false } });
    expect((await ship(order.orderNo)).data).toMatchObject({ status: 'PENDING_RECEIPT' });
  });

  it('a refund-only request after shipment gives no stock back and leaves the order to be received', async () => {
    const db = dbOf(server);
    const a = await makeGoods(db, { stock: 10 });
    const order = await paidOrder([{ skuId: a.skuId, quantity: 1 }]);
    await ship(order.orderNo);
    const request = await refund(order.items[0].id, 1);
    await ops('post', 'afterSale/refund', { afterSaleNo: request.afterSaleNo });
    expect(await stockOf(db, a.skuId)).toBe(9);
    expect((await detail(order.orderNo)).status).toBe('PENDING_RECEIPT');
  });

  it('two lines refunded at once close the order once, each unit back once', async () => {
    const db = dbOf(server);
    const a = await makeGoods(db, { stock: 10 });
    const c = await makeGoods(db, { stock: 10 });
    const order = await paidOrder([
      { skuId: a.skuId, quantity: 1 },
      { skuId: c.skuId, quantity: 2 },
    ]);
    const requests = [];
    for (const item of order.items) requests.push(await refund(item.id, item.quantity));
    const answers = await Promise.all(
      requests.flatMap((r) => [1, 2].map(() => ops('post', 'afterSale/refund', { afterSaleNo: r.afterSaleNo }))),
    );
    expect(answers.filter((x) => x.code === 0).length).toBeGreaterThanOrEqual(2);
    expect([await stockOf(db, a.skuId), await stockOf(db, c.skuId)]).toEqual([10, 10]);
    const closed = await detail(order.orderNo);
    expect(closed.status).toBe('CLOSED');
    expect(closed.timeline.filter((e: { type: string }) => e.type === 'closeAfterRefund')).toHaveLength(1);
    expect(closed.timeline.filter((e: { type: string }) => e.type === 'refund')).toHaveLength(2);
  });
});

describe('after-sales in progress', () => {
  it('an order with an open after-sale offers 售后中 instead of 删除订单 and cannot be deleted', async () => {
    const db = dbOf(server);
    const a = await makeGoods(db, { stock: 10 });
    const order = await paidOrder([{ skuId: a.skuId, quantity: 1 }]);
    await ship(order.orderNo);
    await server.api.post('/member/order/order/confirm', { token: b.token, json: { orderNo: order.orderNo } });
    expect((await detail(order.orderNo)).actions.map((x: { key: string }) => x.key)).toContain('delete');

    const applied = await server.api.post('/member/order/afterSale/apply', {
      token: b.token,
      json: {
        orderItemId: order.items[0].id,
        type: 'RETURN_REFUND',
        reason: '质量问题',
        description: '',
        quantity: 1,
        images: [],
      },
    });
    expect(applied.code, applied.message).toBe(0);
    const open = await detail(order.orderNo);
    expect(open.items[0].afterSale).toEqual({ id: applied.data.id, open: true });
    expect(open.actions.map((x: { key: string }) => x.key)).not.toContain('delete');
    const refused = await server.api.post('/member/order/order/delete', {
      token: b.token,
      json: { orderNo: order.orderNo },
    });
    expect(refused).toMatchObject({ code: 108101, message: '订单有售后正在处理，处理完成后才能删除' });
    // The after-sale still finds its order.
    const asDetail = await server.api.get('/member/order/afterSale/detail', {
      token: b.token,
      query: { id: applied.data.id },
    });
    expect(asDetail.data.orderNo).toBe(order.orderNo);

    await server.api.post('/member/order/afterSale/withdraw', { token: b.token, json: { id: applied.data.id } });
    const after = await detail(order.orderNo);
    expect(after.items[0].afterSale).toEqual({ id: applied.data.id, open: false });
    const deleted = await server.api.post('/member/order/order/delete', {
      token: b.token,
      json: { orderNo: order.orderNo },
    });
    expect(deleted.code, deleted.message).toBe(0);
  });
});

describe('after-sale window', () => {
  it('afterSaleDays = 0 means no after-sale after completion, on the screen and in the API alike', async () => {
    const { setSetting } = await import('../modules/site/site.service.ts');
    const db = dbOf(server);
    const a = await makeGoods(db, { stock: 10 });
    const order = await paidOrder([{ skuId: a.skuId, quantity: 1 }]);
    await ship(order.orderNo);
    await server.api.post('/member/order/order/confirm', { token: b.token, json: { orderNo: order.orderNo } });
    await setSetting(db, 'afterSaleDays', 0);
    try {
      const completed = await detail(order.orderNo);
      expect(completed.actions.map((x: { key: string }) => x.key)).not.toContain('afterSale');
      const res = await server.api.post('/member/order/afterSale/apply', {
        token: b.token,
        json: {
          orderItemId: order.items[0].id,
          type: 'REFUND_ONLY',
          reason: '不想要了',
          description: '',
          quantity: 1,
          images: [],
        },
      });
      expect(res).toMatchObject({ code: 108401, message: '订单已完成，不再受理售后申请' });
    } finally {
      await setSetting(db, 'afterSaleDays', 7);
    }
    expect((await detail(order.orderNo)).actions.map((x: { key: string }) => x.key)).toContain('afterSale');
  });
});
