import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../lib/db.ts';
import { invalidateCatalog } from '../modules/catalog/catalog.service.ts';
import { couponRows, makeTemplate, discountTemplate } from '../modules/coupons/coupons-test-kit.ts';
import { sweepOnce } from './order-sweeper.ts';
import {
  applyAfterSale,
  buyer,
  consoleCalls,
  dbOf,
  expectRefusal,
  makeGoods,
  newKey,
  notifyPaid,
  orderCount,
  startTestServer,
  type TestServer,
} from '../test/kit/index.ts';

/**
 * The coupon step of checkout over HTTP: the quote's usable and unusable coupons with reasons, the
 * best one chosen by default, changing or dropping it, the discount allocated to the in-scope lines,
 * the coupon held by the order and given back by the order's moments.
 */
const OPS_TOKEN = 'checkout-coupons-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const quote = (token: string, json: unknown) => server.api.post('/member/trade/checkout/quote', { token, json });
const submit = (token: string, json: unknown) => server.api.post('/member/trade/checkout/submit', { token, json });
const claim = (token: string, templateId: number) =>
  server.api.post('/member/promotion/coupon/claim', { token, json: { templateId } });
const detail = (token: string, orderNo: string) => server.api.get('/member/order/order/detail', { token, query: { orderNo } });
const statusOf = async (id: string) => (await couponRows(server, sql`id = ${id}`))[0]!;

async function categoryWith(name: string) {
  const [row] = await rows<{ id: number }>(db(), sql`INSERT INTO categories (name, level) VALUES (${name}, 1) RETURNING id`);
  invalidateCatalog(db());
  return row!.id;
}
async function goodsIn(categoryId: number, priceFen: number, stock = 50) {
  const g = await makeGoods(db(), { priceFen, stock });
  await db().execute(sql`UPDATE goods SET category_id = ${categoryId} WHERE id = ${g.goodsId}`);
  invalidateCatalog(db());
  return g;
}

describe('checkout with coupons', () => {
  test('the quote lists usable and unusable coupons with reasons and applies the best; the buyer can change or drop it', async () => {
    const b = await buyer(server.api);
    const shoes = await categoryWith('券结算鞋靴');
    const books = await categoryWith('券结算图书');
    const boots = await goodsIn(shoes, 30000);
    const novel = await goodsIn(books, 5000);
    const small = await makeTemplate(db(), { name: '无门槛5元', thresholdFen: 0, amountFen: 500 });
    const big = await makeTemplate(db(), { name: '鞋靴满300减50', thresholdFen: 30000, amountFen: 5000, scope: 'CATEGORIES', scopeIds: [shoes] });
    const far = await makeTemplate(db(), { name: '满1000减100', thresholdFen: 100000, amountFen: 10000 });
    const bookOnly = await makeTemplate(db(), { name: '图书8折', scope: 'GOODS', scopeIds: [999_999_998] });
    const later = await makeTemplate(db(), {
      name: '明天生效',
      validityType: 'RANGE',
      validFrom: new Date(Date.now() + 86_400_000),
      validTo: new Date(Date.now() + 5 * 86_400_000),
      validDays: null,
    });
    const ids: Record<string, string> = {};
    for (const t of [small, big, far, bookOnly, later]) ids[t.name] = (await claim(b.token, t.id)).data.coupon.id;

    const cart = [];
    for (const skuId of [boots.skuId, novel.skuId]) {
      cart.push((await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId, quantity: 1 } })).data);
    }
    const list = await server.api.get('/member/trade/cart/list', { token: b.token });
    const cartItemIds = list.data.lines.map((l: { id: string }) => l.id);

    const q = await quote(b.token, { cartItemIds });
    expect(q.code).toBe(0);
    expect(q.data.coupons.chosenId).toBe(ids['鞋靴满300减50']);
    expect(q.data.coupons.usable.map((c: { name: string }) => c.name)).toEqual(['鞋靴满300减50', '无门槛5元']);
    const reasons = Object.fromEntries(
      q.data.coupons.unusable.map((c: { name: string; reason: string }) => [c.name, c.reason]),
    );
    expect(reasons).toEqual({
      满1000减100: '未满足使用门槛，还差¥650.00',
      图书8折: '所选商品不在使用范围',
      明天生效: '未到使用时间',
    });
    expect(q.data).toMatchObject({ goodsAmount: 35000, couponDiscount: 5000, payableAmount: 30000 });
    // Only the boots are in the shoes coupon's scope: the whole discount is on their line.
    const byGoods = Object.fromEntries(q.data.items.map((i: { goodsId: number; discountAmount: number }) => [i.goodsId, i.discountAmount]));
    expect(byGoods).toEqual({ [boots.goodsId]: 5000, [novel.goodsId]: 0 });

    const changed = await quote(b.token, { cartItemIds, couponId: ids['无门槛5元'] });
    expect(changed.data).toMatchObject({ couponDiscount: 500, payableAmount: 34500 });
    expect(changed.data.coupons.chosenId).toBe(ids['无门槛5元']);
    const dropped = await quote(b.token, { cartItemIds, couponId: null });
    expect(dropped.data).toMatchObject({ couponDiscount: 0, payableAmount: 35000 });
    expect(dropped.data.coupons).toMatchObject({ chosenId: null, none: true });

    const refused = await quote(b.token, { cartItemIds, couponId: ids['满1000减100'] });
    expectRefusal(refused, Code.COUPON_UNUSABLE);
    expect(refused.message).toBe('该优惠券不能用于本订单：未满足使用门槛，还差¥650.00');

    // Placing the order with the default: the coupon is held, the order carries the discount.
    const placed = await submit(b.token, { cartItemIds, addressId: b.addressId, idempotencyKey: newKey() });
    expect(placed.data.payableAmount).toBe(30000);
    const held = await statusOf(ids['鞋靴满300减50']!);
    expect(held).toMatchObject({ status: 'HELD', order_no: placed.data.orderNo, discount_fen: 5000 });
    const d = await detail(b.token, placed.data.orderNo);
    expect(d.data).toMatchObject({ couponDiscount: 5000, payableAmount: 30000 });
    const my = await server.api.get('/member/promotion/coupon/my', { token: b.token });
    expect(my.data.list.find((c: { id: string }) => c.id === held.id)).toMatchObject({ status: 'HELD', orderNo: placed.data.orderNo });

    // Paying uses it; it shows under 已使用.
    expect(await notifyPaid(server, placed.data.orderNo, 30000)).toBe('success');
    expect((await statusOf(held.id)).status).toBe('USED');
    const used = await server.api.get('/member/promotion/coupon/my', { token: b.token, query: { tab: 'USED' } });
    expect(used.data.list.map((c: { id: string }) => c.id)).toEqual([held.id]);
  });

  test('折扣 with its cap, and bad or foreign coupon ids are refused with nothing changed', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 100000, stock: 5 });
    const t = await discountTemplate(db(), 80, 5000, { name: '8折最高减50' });
    const id = (await claim(b.token, t.id)).data.coupon.id as string;
    const q = await quote(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, couponId: id });
    expect(q.data).toMatchObject({ couponDiscount: 5000, payableAmount: 95000 });
    expect(q.data.coupons.usable[0]).toMatchObject({ ruleText: '8折最高减50', discountFen: 5000 });

    const other = await buyer(server.api);
    const orders = await orderCount(db());
    expectRefusal(
      await submit(other.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: other.addressId, idempotencyKey: newKey(), couponId: id }),
      Code.COUPON_NOT_FOUND,
    );
    for (const couponId of ['x', "' OR 1=1 --", '优惠券', 'x'.repeat(100), 12, true, ['a'], { id }]) {
      const res = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey(), couponId });
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message).toMatch(/优惠券/);
    }
    expect(await orderCount(db())).toBe(orders);
    expect((await statusOf(id)).status).toBe('UNUSED');
    // A client's discount is ignored.
    const tampered = await quote(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, couponId: id, couponDiscount: 99999 });
    expect(tampered.data.couponDiscount).toBe(5000);
  });

  test('two simultaneous checkouts with the same coupon make one order that uses it', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 20000, stock: 10 });
    const t = await makeTemplate(db(), { thresholdFen: 0, amountFen: 3000 });
    const id = (await claim(b.token, t.id)).data.coupon.id as string;
    const orders = await orderCount(db());
    const replies = await Promise.all(
      [0, 1].map(() =>
        submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey(), couponId: id }),
      ),
    );
    const won = replies.filter((r) => r.code === 0);
    expect(won).toHaveLength(1);
    expect([Code.COUPON_TAKEN, Code.COUPON_UNUSABLE]).toContain(replies.find((r) => r.code !== 0)!.code);
    expect(await orderCount(db())).toBe(orders + 1);
    expect(await statusOf(id)).toMatchObject({ status: 'HELD', order_no: won[0]!.data.orderNo });
    // A double click of the same submission is the same order, not a refusal.
    const key = newKey();
    const c2 = (await claim(b.token, (await makeTemplate(db(), { thresholdFen: 0, amountFen: 100 })).id)).data.coupon.id;
    const twins = await Promise.all(
      [0, 1].map(() => submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: key, couponId: c2 })),
    );
    expect(twins.map((r) => r.code)).toEqual([0, 0]);
    expect(twins[0]!.data.orderNo).toBe(twins[1]!.data.orderNo);
  });

  test('cancel gives it back; past its end it comes back 已过期; pay timeout too', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 20000, stock: 10 });
    const t = await makeTemplate(db(), { thresholdFen: 0, amountFen: 1000, perMemberLimit: 3 });
    const a = (await claim(b.token, t.id)).data.coupon.id as string;
    const o1 = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey(), couponId: a });
    expect((await server.api.post('/member/order/order/cancel', { token: b.token, json: { orderNo: o1.data.orderNo } })).code).toBe(0);
    expect(await statusOf(a)).toMatchObject({ status: 'UNUSED', order_no: null, discount_fen: 0 });
    // Usable again.
    const o2 = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey(), couponId: a });
    expect(o2.code).toBe(0);
    await db().execute(sql`UPDATE member_coupons SET valid_to = now() + interval '1 second' WHERE id = ${a}`);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await server.api.post('/member/order/order/cancel', { token: b.token, json: { orderNo: o2.data.orderNo } })).code).toBe(0);
    expect((await statusOf(a)).status).toBe('EXPIRED');

    // The pay timeout (the sweeper cancels it) gives it back as well.
    const c = (await claim(b.token, t.id)).data.coupon.id as string;
    const o3 = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey(), couponId: c });
    await db().execute(sql`UPDATE orders SET pay_deadline = now() - interval '1 minute' WHERE order_no = ${o3.data.orderNo}`);
    await sweepOnce(server.running.app.ctx);
    expect((await detail(b.token, o3.data.orderNo)).data.status).toBe('CANCELLED');
    expect((await statusOf(c)).status).toBe('UNUSED');
  });

  test('a whole refund gives it back, a part refund does not', async () => {
    const ops = consoleCalls(server, OPS_TOKEN);
    const refund = async (token: string, orderNo: string, itemIndex: number, quantity: number) => {
      const d = await detail(token, orderNo);
      const no = await applyAfterSale(server, token, d.data.items[itemIndex].id, { quantity });
      expect((await ops.post('/ops/afterSale/approve', { afterSaleNo: no })).code).toBe(0);
      expect((await ops.post('/ops/afterSale/refund', { afterSaleNo: no })).code).toBe(0);
    };
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 10000, stock: 20 });
    const t = await makeTemplate(db(), { thresholdFen: 0, amountFen: 1000, perMemberLimit: 2 });
    const a = (await claim(b.token, t.id)).data.coupon.id as string;
    const o = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 2 }, addressId: b.addressId, idempotencyKey: newKey(), couponId: a });
    expect(await notifyPaid(server, o.data.orderNo, o.data.payableAmount)).toBe('success');
    await refund(b.token, o.data.orderNo, 0, 1);
    expect((await statusOf(a)).status).toBe('USED');
    await refund(b.token, o.data.orderNo, 0, 1);
    expect(await statusOf(a)).toMatchObject({ status: 'UNUSED', order_no: null });
    // What was refunded is exactly what was paid.
    const [paid] = await rows<{ refunded: number; paid: number }>(
      db(),
      sql`SELECT sum(refunded_amount)::int AS refunded, (SELECT paid_amount FROM orders WHERE order_no = ${o.data.orderNo}) AS paid
          FROM order_items WHERE order_id = (SELECT id FROM orders WHERE order_no = ${o.data.orderNo})`,
    );
    expect(paid!.refunded).toBe(paid!.paid);
  }, 120_000);
});
