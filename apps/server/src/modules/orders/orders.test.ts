import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { startTestServer, type TestServer, buyer, buyNow, dbOf, makeGoods, stockOf } from '../../test/kit/index.ts';
import { findOrderForPayment, findOrderItemForAfterSale, markOrderPaid } from './orders.service.ts';

const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server.close());

const detail = (token: string, orderNo: string) =>
  server.api.get('/member/order/order/detail', { token, query: { orderNo } });
const act = (action: string, token: string, orderNo: string) =>
  server.api.post(`/member/order/order/${action}`, { token, json: { orderNo } });
const ops = { 'x-ops-token': OPS_TOKEN };

async function pay(orderNo: string) {
  const db = dbOf(server);
  const order = (await findOrderForPayment(db, orderNo))!;
  return db.transaction((tx) =>
    markOrderPaid(tx, { orderId: order.id, amountFen: order.payableAmount, paymentMethod: 'sandbox' }),
  );
}

describe('orders', () => {
  test('the whole life: pay, ship (ops), confirm, delete, buy again; timeline and actions', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { name: '北欧风台灯', priceFen: 12900, stock: 10 });
    const { data } = await buyNow(server.api, b, g.skuId, 2);
    let d = await detail(b.token, data.orderNo);
    expect(d.data).toMatchObject({ status: 'PENDING_PAYMENT', statusText: '待付款', payableAmount: 25800 });
    expect(d.data.actions.map((a: any) => a.key)).toEqual(['pay', 'cancel']);
    expect(d.data.payRemainingSeconds).toBeGreaterThan(1700);

    expect((await act('confirm', b.token, data.orderNo)).message).toBe('订单待付款，不能进行此操作');
    expect((await act('delete', b.token, data.orderNo)).code).toBe(Code.ORDER_STATE);

    // The payments door: wrong amount refused, the right one marks it paid once.
    const order = (await findOrderForPayment(db, data.orderNo))!;
    expect(
      await db.transaction((tx) => markOrderPaid(tx, { orderId: order.id, amountFen: 1, paymentMethod: 'sandbox' })),
    ).toBe(false);
    expect(await pay(data.orderNo)).toBe(true);
    expect(await pay(data.orderNo)).toBe(false);
    d = await detail(b.token, data.orderNo);
    expect(d.data).toMatchObject({
      status: 'PENDING_SHIPMENT',
      statusText: '待发货',
      paidAmount: 25800,
      paymentMethod: 'sandbox',
    });
    expect((await act('cancel', b.token, data.orderNo)).message).toBe('订单待发货，不能进行此操作');

    const item = d.data.items[0];
    expect(await findOrderItemForAfterSale(db, order.memberId, item.id)).toMatchObject({
      orderNo: data.orderNo,
      paidShare: 25800,
      orderStatus: 'PENDING_SHIPMENT',
    });
    const other = await buyer(server.api);
    const otherId = (await findOrderForPayment(db, (await buyNow(server.api, other, g.skuId)).data.orderNo))!.memberId;
    expect(await findOrderItemForAfterSale(db, otherId, item.id)).toBeUndefined();

    const shipped = await server.api.post('/ops/order/ship', {
      headers: ops,
      json: { orderNo: data.orderNo, company: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    expect(shipped.code).toBe(0);
    expect(shipped.data).toMatchObject({
      status: 'PENDING_RECEIPT',
      logistics: { company: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    const again = await server.api.post('/ops/order/ship', {
      headers: ops,
      json: { orderNo: data.orderNo, company: '顺丰速运', trackingNo: 'SF1' },
    });
    expect(again.message).toBe('订单待收货，不能进行此操作');

    d = await detail(b.token, data.orderNo);
    expect(d.data.logistics).toMatchObject({ company: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(d.data.actions.map((a: any) => a.key)).toEqual(['confirmReceipt', 'buyAgain', 'afterSale']);
    const confirmed = await act('confirm', b.token, data.orderNo);
    expect(confirmed.data).toMatchObject({ status: 'COMPLETED', statusText: '已完成' });
    expect(confirmed.data.timeline.map((e: any) => e.title)).toEqual([
      '订单已提交',
      '付款成功',
      '商家已发货',
      '已确认收货',
    ]);
    expect(confirmed.data.actions.map((a: any) => a.key)).toEqual(['buyAgain', 'afterSale', 'delete']);
    expect(Date.parse(confirmed.data.afterSaleDeadline) - Date.parse(confirmed.data.completedAt)).toBe(7 * 86_400_000);

    const bought = await act('buyAgain', b.token, data.orderNo);
    expect(bought.data).toMatchObject({ added: 1, skipped: [] });
    const cart = (await server.api.get('/member/trade/cart/list', { token: b.token })).data;
    expect(cart.lines).toEqual([expect.objectContaining({ skuId: g.skuId, quantity: 2 })]);

    expect((await act('delete', b.token, data.orderNo)).code).toBe(0);
    expect((await detail(b.token, data.orderNo)).code).toBe(Code.NOT_FOUND);
    const page = await server.api.get('/member/order/order/page', { token: b.token });
    expect(page.data.total).toBe(0);
  });

  test('cancel gives stock back exactly once, even when clicked five times at once', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { stock: 10 });
    const { data } = await buyNow(server.api, b, g.skuId, 3);
    expect(await stockOf(db, g.skuId)).toBe(7);
    const replies = await Promise.all(Array.from({ length: 5 }, () => act('cancel', b.token, data.orderNo)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 0).every((r) => r.message === '订单已取消，不能进行此操作')).toBe(true);
    expect(await stockOf(db, g.skuId)).toBe(10);
    const d = await detail(b.token, data.orderNo);
    expect(d.data).toMatchObject({ status: 'CANCELLED', statusText: '已取消', cancelReason: '买家取消订单' });
    expect(d.data.timeline.filter((e: any) => e.type === 'cancel')).toHaveLength(1);
    expect(await pay(data.orderNo)).toBe(false); // a late payment cannot revive it
  });

  test('list: tabs with counts, pagination, search by goods name', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const lamp = await makeGoods(db, { name: '复古黄铜台灯', stock: 50 });
    const tea = await makeGoods(db, { name: '西湖龙井茶叶 100%_特级', stock: 50 });
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await buyNow(server.api, b, i % 2 ? lamp.skuId : tea.skuId)).data.orderNo);
    await pay(made[0]!);
    await act('cancel', b.token, made[1]!);

    const counts = await server.api.get('/member/order/order/counts', { token: b.token });
    expect(counts.data.counts).toMatchObject({
      ALL: 12,
      PENDING_PAYMENT: 10,
      PENDING_SHIPMENT: 1,
      CANCELLED: 1,
      COMPLETED: 0,
    });
    expect(counts.data.tabs.map((t: any) => t.name)).toEqual([
      '全部订单',
      '待付款',
      '待发货',
      '待收货',
      '已完成',
      '已取消',
    ]);

    const page1 = await server.api.get('/member/order/order/page', {
      token: b.token,
      query: { pageNum: 1, pageSize: 5 },
    });
    expect(page1.data).toMatchObject({ total: 12, pageNum: 1, pageSize: 5 });
    expect(page1.data.list).toHaveLength(5);
    expect(page1.data.list[0].orderNo).toBe(made[11]);
    const page3 = await server.api.get('/member/order/order/page', {
      token: b.token,
      query: { pageNum: 3, pageSize: 5 },
    });
    expect(page3.data.list.map((o: any) => o.orderNo)).toEqual([made[1], made[0]]);

    const unpaid = await server.api.get('/member/order/order/page', {
      token: b.token,
      query: { status: 'PENDING_PAYMENT', pageSize: 50 },
    });
    expect(unpaid.data.total).toBe(10);
    expect(unpaid.data.list.every((o: any) => o.statusText === '待付款')).toBe(true);

    const byName = await server.api.get('/member/order/order/page', {
      token: b.token,
      query: { keyword: '黄铜', pageSize: 50 },
    });
    expect(byName.data.total).toBe(6);
    expect(byName.data.list.every((o: any) => o.items[0].name === '复古黄铜台灯')).toBe(true);
    for (const keyword of ['100%', '_特', "'; DROP TABLE orders; --", '<script>']) {
      const res = await server.api.get('/member/order/order/page', { token: b.token, query: { keyword } });
      expect(res.code).toBe(0);
      expect(res.data.total).toBe(keyword === '100%' || keyword === '_特' ? 6 : 0);
    }
    const byNo = await server.api.get('/member/order/order/page', { token: b.token, query: { keyword: made[3]! } });
    expect(byNo.data.list.map((o: any) => o.orderNo)).toEqual([made[3]]);

    for (const [query, message] of [
      [{ status: 'SHIPPED' }, '订单状态取值不正确'],
      [{ pageSize: 51 }, '每页条数不能大于 50'],
      [{ pageNum: 0 }, '页码不能小于 1'],
      [{ pageNum: 1.5 }, '页码必须是整数'],
      [{ keyword: '长'.repeat(1000) }, '搜索关键词不能超过 50 个字符'], // (a 10 kB query string would pass Node's header limit)
    ] as const) {
      const res = await server.api.get('/member/order/order/page', {
        token: b.token,
        query: query as Record<string, string | number>,
      });
      expect(res.code).toBe(Code.BAD_REQUEST);
      expect(res.message).toBe(message);
    }
  });

  test("another member's order answers as not found, and is left alone", async () => {
    const db = dbOf(server);
    const owner = await buyer(server.api);
    const g = await makeGoods(db, { stock: 10 });
    const { data } = await buyNow(server.api, owner, g.skuId, 1);
    const thief = await buyer(server.api);
    expect((await detail(thief.token, data.orderNo)).code).toBe(Code.NOT_FOUND);
    for (const action of ['cancel', 'confirm', 'delete', 'buyAgain']) {
      const res = await act(action, thief.token, data.orderNo);
      expect(res.code).toBe(Code.NOT_FOUND);
      expect(res.message).toBe('订单不存在');
    }
    for (const orderNo of ['1', "2024'; DROP TABLE orders; --", 'x'.repeat(10_000), '😀']) {
      expect([Code.NOT_FOUND, Code.BAD_REQUEST]).toContain((await detail(owner.token, orderNo)).code);
    }
    expect((await server.api.get('/member/order/order/page', { token: thief.token })).data.total).toBe(0);
    expect((await server.api.get('/member/trade/cart/count', { token: thief.token })).data.count).toBe(0);
    expect((await detail(owner.token, data.orderNo)).data.status).toBe('PENDING_PAYMENT');
    expect(await stockOf(db, g.skuId)).toBe(9);
  });

  test('ops endpoints need the operator token; ship validates its input', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { stock: 10 });
    const { data } = await buyNow(server.api, b, g.skuId, 1);
    const body = { orderNo: data.orderNo, company: '中通快递', trackingNo: 'ZT100' };
    expect((await server.api.post('/ops/order/ship', { json: body })).code).toBe(Code.NOT_SIGNED_IN);
    for (const headers of [{ 'x-ops-token': 'wrong' }, { 'x-ops-token': OPS_TOKEN + 'x' }] as Record<
      string,
      string
    >[]) {
      const res = await server.api.post('/ops/order/ship', { headers, json: body });
      expect(res.code).toBe(Code.FORBIDDEN);
      expect((await server.api.get('/ops/order/list', { headers })).code).toBe(Code.FORBIDDEN);
    }
    // A buyer's token is no console session.
    expect((await server.api.post('/ops/order/ship', { token: b.token, json: body })).code).toBe(Code.SESSION_OVER);

    expect((await server.api.post('/ops/order/ship', { headers: ops, json: body })).message).toBe(
      '订单待付款，不能进行此操作',
    );
    await pay(data.orderNo);
    for (const [patch, message] of [
      [{ company: '' }, '请填写物流公司'],
      [{ trackingNo: 'SF 12<script>' }, '物流单号只能包含字母、数字和短横线'],
      [{ trackingNo: '9'.repeat(10_000) }, '物流单号不能超过 40 个字符'],
      [{ orderNo: '20990101000000000000' }, '订单不存在'],
    ] as const) {
      const res = await server.api.post('/ops/order/ship', { headers: ops, json: { ...body, ...patch } });
      expect(res.message).toBe(message);
    }
    expect((await detail(b.token, data.orderNo)).data.status).toBe('PENDING_SHIPMENT');

    const list = await server.api.get('/ops/order/list', { headers: ops, query: { status: 'PENDING_SHIPMENT' } });
    expect(list.data.list.map((o: any) => o.orderNo)).toContain(data.orderNo);
    expect(list.data.list.every((o: any) => o.status === 'PENDING_SHIPMENT')).toBe(true);
    const one = await server.api.get('/ops/order/detail', { headers: ops, query: { orderNo: data.orderNo } });
    expect(one.data.address.fullAddress).toContain('朝阳区');
  });
});
