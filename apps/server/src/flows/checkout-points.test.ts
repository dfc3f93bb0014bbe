import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../lib/db.ts';
import { makeTemplate } from '../modules/coupons/coupons-test-kit.ts';
import { changePoints } from '../modules/points/points.service.ts';
import { ledgerOf, ledgerSum } from '../modules/points/points-test-kit.ts';
import { setSetting } from '../modules/site/site.service.ts';
import { sweepOnce } from './order-sweeper.ts';
import {
  HOSTILE_VALUES,
  applyAfterSale,
  asOps,
  buyer,
  consoleCalls,
  dbOf,
  makeGoods,
  memberIdOf,
  newKey,
  notifyPaid,
  orderCount,
  startTestServer,
  stockOf,
  type TestServer,
} from '../test/kit/index.ts';

/**
 * Spending points through the checkout over HTTP: 积分抵扣 within the balance and the cap (after the
 * coupon), 立即兑换 of a points-mall goods (its own stock, the member's limit), both taken in the
 * order's transaction and given back once on cancel, pay timeout or a whole refund.
 */
const OPS_TOKEN = 'checkout-points-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const quote = (token: string, json: unknown) => server.api.post('/member/trade/checkout/quote', { token, json });
const submit = (token: string, json: unknown) => server.api.post('/member/trade/checkout/submit', { token, json });
const detail = (token: string, orderNo: string) => server.api.get('/member/order/order/detail', { token, query: { orderNo } });
const cancel = (token: string, orderNo: string) => server.api.post('/member/order/order/cancel', { token, json: { orderNo } });

async function pointsBuyer(points: number) {
  const b = await buyer(server.api);
  const memberId = await memberIdOf(server.api, b.token);
  if (points > 0) await changePoints(db(), { memberId, amount: points, reason: 'OPS_GRANT', note: '测试' });
  return { ...b, memberId };
}
const balanceOf = async (memberId: string) => (await ledgerSum(server, memberId)).balance;

async function mallGoods(o: { pointsPrice: number; cashFen?: number; stock: number; perMemberLimit?: number; priceFen?: number; goodsStock?: number }) {
  const g = await makeGoods(db(), { priceFen: o.priceFen ?? 5900, stock: o.goodsStock ?? 100 });
  const res = await server.api.post('/ops/points/mall/create', {
    json: { skuId: g.skuId, category: '兑换测试', pointsPrice: o.pointsPrice, cashFen: o.cashFen ?? 0, stock: o.stock, perMemberLimit: o.perMemberLimit ?? 0, onShelf: true },
    ...asOps(OPS_TOKEN),
  });
  expect(res.code, res.message).toBe(0);
  return { ...g, id: res.data.id as number };
}
async function mallRow(id: number) {
  const [row] = await rows<{ stock: number; redeemed: number }>(db(), sql`SELECT stock, redeemed FROM points_mall_goods WHERE id = ${id}`);
  return row!;
}

describe('积分抵扣 at checkout', () => {
  test('the quote offers the balance up to the cap; the order takes the points; cancelling gives them back once', async () => {
    const b = await pointsBuyer(3000);
    const g = await makeGoods(db(), { priceFen: 10000, stock: 10 });
    const source = { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId };

    const offered = await quote(b.token, source);
    expect(offered.data.points).toEqual({
      balance: 3000,
      maxUsable: 3000,
      used: 0,
      valueFen: 0,
      fenPer100Points: 100,
      maxDeductPercent: 50,
      hint: null,
    });
    expect(offered.data.redemption).toBeNull();
    const used = await quote(b.token, { ...source, points: 3000 });
    // Points pay like money: the goods still reach 满 ¥99 免运费.
    expect(used.data).toMatchObject({ goodsAmount: 10000, pointsDiscount: 3000, freight: 0, payableAmount: 7000 });
    expect(used.data.points).toMatchObject({ used: 3000, valueFen: 3000 });
    expect(used.data.items[0]).toMatchObject({ discountAmount: 3000, payable: 7000 });

    const placed = await submit(b.token, { ...source, points: 3000, idempotencyKey: newKey() });
    expect(placed.code, placed.message).toBe(0);
    expect(placed.data.payableAmount).toBe(7000);
    expect((await detail(b.token, placed.data.orderNo)).data).toMatchObject({ pointsDiscount: 3000, payableAmount: 7000 });
    expect(await balanceOf(b.memberId)).toBe(0);
    expect((await ledgerOf(server, b.memberId)).at(-1)).toMatchObject({ amount: -3000, balance_after: 0, reason: 'ORDER_SPEND', order_no: placed.data.orderNo });

    expect((await cancel(b.token, placed.data.orderNo)).code).toBe(0);
    expect(await balanceOf(b.memberId)).toBe(3000);
    expect((await ledgerOf(server, b.memberId)).at(-1)).toMatchObject({ amount: 3000, reason: 'ORDER_RETURN', order_no: placed.data.orderNo });
    expect((await cancel(b.token, placed.data.orderNo)).code).not.toBe(0);
    expect(await balanceOf(b.memberId)).toBe(3000);
    expect((await ledgerOf(server, b.memberId)).filter((r) => r.reason === 'ORDER_RETURN')).toHaveLength(1);
  });

  test('the cap counts what the goods cost after the coupon; over the cap or the balance is refused and changes nothing', async () => {
    const b = await pointsBuyer(100_000);
    const g = await makeGoods(db(), { priceFen: 10000, stock: 10 });
    const template = await makeTemplate(db(), { name: '积分测试满减', thresholdFen: 0, amountFen: 2000 });
    expect((await server.api.post('/member/promotion/coupon/claim', { token: b.token, json: { templateId: template.id } })).code).toBe(0);
    const source = { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId };
    const q = await quote(b.token, source);
    expect(q.data.couponDiscount).toBe(2000);
    expect(q.data.points.maxUsable).toBe(4000); // 50% of ¥80 after the coupon
    expect((await quote(b.token, { ...source, couponId: null })).data.points.maxUsable).toBe(5000);

    const before = { orders: await orderCount(db()), ledger: await ledgerOf(server, b.memberId) };
    const over = await submit(b.token, { ...source, points: 4001, idempotencyKey: newKey() });
    expect(over).toMatchObject({ code: Code.POINTS_OVER_CAP, message: '本单最多可使用 4000 积分' });
    const poor = await pointsBuyer(10);
    const short = await submit(poor.token, { ...source, addressId: poor.addressId, points: 11, idempotencyKey: newKey() });
    expect(short).toMatchObject({ code: Code.POINTS_INSUFFICIENT, message: '积分不足，当前可用 10 积分' });
    expect(await orderCount(db())).toBe(before.orders);
    expect(await ledgerOf(server, b.memberId)).toEqual(before.ledger);
    expect(await balanceOf(poor.memberId)).toBe(10);
  });

  test('bad points values are refused in Chinese and change nothing', async () => {
    const b = await pointsBuyer(500);
    const g = await makeGoods(db(), { priceFen: 10000, stock: 10 });
    const source = { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId };
    const orders = await orderCount(db());
    const cases: [unknown, RegExp][] = [
      [-1, /使用积分不能小于 0/],
      [1.5, /使用积分必须是整数/],
      ['abc', /使用积分必须是整数/],
      [1e12, /使用积分不能大于/],
      ['１００', /使用积分必须是整数/],
      ...HOSTILE_VALUES.map((v): [unknown, RegExp] => [v, /使用积分/]),
    ];
    for (const [points, message] of cases) {
      const res = await submit(b.token, { ...source, points, idempotencyKey: newKey() });
      expect(res.code, String(points)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    expect(await orderCount(db())).toBe(orders);
    expect(await balanceOf(b.memberId)).toBe(500);
  });

  test("a member's simultaneous check-outs never spend more points than the balance", async () => {
    const b = await pointsBuyer(1000);
    const g = await makeGoods(db(), { priceFen: 10000, stock: 50 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, points: 400, idempotencyKey: newKey() }),
      ),
    );
    const made = results.filter((r) => r.code === 0);
    expect(made).toHaveLength(2);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.POINTS_INSUFFICIENT)).toBe(true);
    expect(await ledgerSum(server, b.memberId)).toEqual({ sum: 200, balance: 200 });
    expect(await stockOf(db(), g.skuId)).toBe(48);
  });

  test('a whole refund gives the points back; a part refund does not', async () => {
    const ops = consoleCalls(server, OPS_TOKEN);
    const b = await pointsBuyer(2000);
    const g = await makeGoods(db(), { priceFen: 10000, stock: 10 });
    const o = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 2 }, addressId: b.addressId, points: 2000, idempotencyKey: newKey() });
    expect(o.data.payableAmount).toBe(18000);
    expect(await notifyPaid(server, o.data.orderNo, 18000)).toBe('success');
    const itemId = (await detail(b.token, o.data.orderNo)).data.items[0].id;
    const refundOne = async () => {
      const no = await applyAfterSale(server, b.token, itemId, { quantity: 1 });
      expect((await ops.post('/ops/afterSale/approve', { afterSaleNo: no })).code).toBe(0);
      expect((await ops.post('/ops/afterSale/refund', { afterSaleNo: no })).code).toBe(0);
    };
    await refundOne();
    expect(await balanceOf(b.memberId)).toBe(0);
    await refundOne();
    expect(await balanceOf(b.memberId)).toBe(2000);
    expect((await ledgerOf(server, b.memberId)).at(-1)).toMatchObject({ amount: 2000, reason: 'ORDER_RETURN' });
  }, 120_000);
});

describe('立即兑换 through the checkout', () => {
  test('the quote prices points plus cash; the order takes points and mall stock; paying completes it; cancel returns both', async () => {
    const b = await pointsBuyer(5000);
    const m = await mallGoods({ pointsPrice: 1000, cashFen: 990, stock: 3, perMemberLimit: 2 });
    const source = { pointsMall: { id: m.id, quantity: 2 }, addressId: b.addressId };

    const q = await quote(b.token, source);
    expect(q.code, q.message).toBe(0);
    // Two ¥59 goods reach 满 ¥99 免运费 as a cash purchase would: the points count as money.
    expect(q.data).toMatchObject({ goodsAmount: 11800, pointsDiscount: 9820, couponDiscount: 0, freight: 0, payableAmount: 1980 });
    expect(q.data.redemption).toEqual({ mallGoodsId: m.id, pointsPrice: 1000, cashFen: 990, quantity: 2, points: 2000, perMemberLimit: 2, remaining: 2 });
    expect(q.data.points).toMatchObject({ balance: 5000, maxUsable: 0, used: 2000 });
    expect(q.data.coupons).toMatchObject({ chosenId: null, usable: [], unusable: [] });

    const o = await submit(b.token, { ...source, idempotencyKey: newKey() });
    expect(o.code, o.message).toBe(0);
    expect(o.data).toMatchObject({ status: 'PENDING_PAYMENT', payableAmount: 1980 });
    expect(await balanceOf(b.memberId)).toBe(3000);
    expect((await ledgerOf(server, b.memberId)).at(-1)).toMatchObject({ amount: -2000, reason: 'MALL_REDEEM', order_no: o.data.orderNo });
    expect(await mallRow(m.id)).toEqual({ stock: 1, redeemed: 2 });
    expect(await stockOf(db(), m.skuId)).toBe(98);

    // The limit counts this order: one more is refused, nothing changes.
    const again = await submit(b.token, { pointsMall: { id: m.id, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(again).toMatchObject({ code: Code.POINTS_MALL_LIMIT, message: '每人限兑 2 件，您已兑换 2 件' });
    expect(await balanceOf(b.memberId)).toBe(3000);

    expect((await cancel(b.token, o.data.orderNo)).code).toBe(0);
    expect(await balanceOf(b.memberId)).toBe(5000);
    expect((await ledgerOf(server, b.memberId)).at(-1)).toMatchObject({ amount: 2000, reason: 'MALL_RETURN' });
    // The member's 积分明细 names the row as 我的积分 shows it.
    const shown = await server.api.get('/member/points/ledger/page', { token: b.token, query: { pageSize: 1 } });
    expect(shown.data.list[0]).toMatchObject({ amount: 2000, reason: 'MALL_RETURN', reasonText: '兑换取消退回' });
    expect(await mallRow(m.id)).toEqual({ stock: 3, redeemed: 0 });
    expect(await stockOf(db(), m.skuId)).toBe(100);

    // One ¥59 goods stays under the threshold: ¥9.90 cash + ¥10 freight, as buying it would cost freight.
    const paid = await submit(b.token, { pointsMall: { id: m.id, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(paid.data.payableAmount).toBe(1990);
    expect(await notifyPaid(server, paid.data.orderNo, 1990)).toBe('success');
    expect((await detail(b.token, paid.data.orderNo)).data).toMatchObject({ status: 'PENDING_SHIPMENT', pointsDiscount: 4910, paidAmount: 1990 });
  });

  test('nothing to pay: the redemption is paid at once; the pay timeout returns an unpaid one', async () => {
    const b = await pointsBuyer(3000);
    const free = await mallGoods({ pointsPrice: 500, stock: 5 });
    await setSetting(db(), 'freight', { freeFromFen: 0, feeFen: 0 });
    try {
      const o = await submit(b.token, { pointsMall: { id: free.id, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() });
      expect(o.data).toMatchObject({ status: 'PENDING_SHIPMENT', payableAmount: 0 });
      expect((await detail(b.token, o.data.orderNo)).data).toMatchObject({ status: 'PENDING_SHIPMENT', paymentMethod: 'none' });
    } finally {
      await setSetting(db(), 'freight', { freeFromFen: 9900, feeFen: 1000 });
    }
    // One ¥59 goods under 满 ¥99 免运费: its freight is to pay.
    const unpaid = await submit(b.token, { pointsMall: { id: free.id, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(unpaid.data).toMatchObject({ status: 'PENDING_PAYMENT', payableAmount: 1000 });
    expect(await balanceOf(b.memberId)).toBe(2000);
    await db().execute(sql`UPDATE orders SET pay_deadline = now() - interval '1 minute' WHERE order_no = ${unpaid.data.orderNo}`);
    await sweepOnce(server.running.app.ctx);
    expect((await detail(b.token, unpaid.data.orderNo)).data.status).toBe('CANCELLED');
    expect(await balanceOf(b.memberId)).toBe(2500);
    expect(await mallRow(free.id)).toEqual({ stock: 4, redeemed: 1 });
  });

  test('a redemption asks what the detail promised: its points and cash, with the freight a cash purchase of the goods has', async () => {
    const b = await pointsBuyer(20_000);
    const dear = await mallGoods({ pointsPrice: 5500, cashFen: 5450, stock: 5, priceFen: 10900 });
    const bought = await quote(b.token, { buyNow: { skuId: dear.skuId, quantity: 1 }, addressId: b.addressId });
    expect(bought.data).toMatchObject({ goodsAmount: 10900, freight: 0, payableAmount: 10900 });
    const shown = await server.api.get('/member/points/mall/detail', { query: { id: dear.id } });
    expect(shown.data).toMatchObject({ pointsPrice: 5500, cashFen: 5450, marketPrice: 10900, freight: { freeFromFen: 9900, feeFen: 1000 } });
    const redeemed = await quote(b.token, { pointsMall: { id: dear.id, quantity: 1 }, addressId: b.addressId });
    expect(redeemed.data).toMatchObject({ goodsAmount: 10900, pointsDiscount: 5450, freight: 0, payableAmount: 5450 });
    expect(redeemed.data.points.used).toBe(5500);
    const o = await submit(b.token, { pointsMall: { id: dear.id, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(o.data).toMatchObject({ status: 'PENDING_PAYMENT', payableAmount: 5450 });
    expect((await detail(b.token, o.data.orderNo)).data).toMatchObject({ freight: 0, pointsDiscount: 5450, payableAmount: 5450 });

    const cheap = await mallGoods({ pointsPrice: 500, cashFen: 990, stock: 5, priceFen: 5900 });
    const cheapBought = await quote(b.token, { buyNow: { skuId: cheap.skuId, quantity: 1 }, addressId: b.addressId });
    const cheapRedeemed = await quote(b.token, { pointsMall: { id: cheap.id, quantity: 1 }, addressId: b.addressId });
    expect(cheapBought.data.freight).toBe(1000);
    expect(cheapRedeemed.data).toMatchObject({ freight: 1000, payableAmount: 990 + 1000 });
  });

  test('refusals: off shelf, sold out, not enough points, coupon or 积分抵扣 with a redemption, bad ids; nothing changes', async () => {
    const b = await pointsBuyer(800);
    const m = await mallGoods({ pointsPrice: 1000, stock: 1 });
    const cheap = await mallGoods({ pointsPrice: 100, stock: 1 });
    const orders = await orderCount(db());
    const at = (id: unknown, quantity: unknown = 1, extra: object = {}) =>
      submit(b.token, { pointsMall: { id, quantity }, addressId: b.addressId, idempotencyKey: newKey(), ...extra });
    expect(await at(m.id)).toMatchObject({ code: Code.POINTS_INSUFFICIENT, message: '积分不足，兑换需 1000 积分，当前可用 800 积分' });
    expect(await at(cheap.id, 2)).toMatchObject({ code: Code.POINTS_MALL_SOLD_OUT, message: '该积分商品仅剩 1 件' });
    expect(await at(cheap.id, 1, { couponId: crypto.randomUUID() })).toMatchObject({ code: Code.BAD_REQUEST, message: '积分兑换订单不能使用优惠券' });
    expect(await at(cheap.id, 1, { points: 10 })).toMatchObject({ code: Code.BAD_REQUEST, message: '积分兑换订单不能再使用积分抵扣' });
    expect(await at(999_999)).toMatchObject({ code: Code.POINTS_MALL_OFF_SHELF, message: '积分商品不存在或已下架' });
    await server.api.post('/ops/points/mall/shelf', { json: { id: cheap.id, onShelf: false }, ...asOps(OPS_TOKEN) });
    expect(await at(cheap.id)).toMatchObject({ code: Code.POINTS_MALL_OFF_SHELF, message: '该积分商品已下架' });
    for (const [id, quantity] of [[0, 1], [-1, 1], ['x', 1], [cheap.id, 0], [cheap.id, 1.5], [cheap.id, 100], ...HOSTILE_VALUES.map((v) => [v, 1])]) {
      const res = await at(id, quantity);
      expect(res.code, JSON.stringify([id, quantity])).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/积分商品|兑换数量/);
    }
    expect((await submit(b.token, { pointsMall: { id: cheap.id, quantity: 1 }, buyNow: { skuId: cheap.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() })).message).toBe(
      '请选择要结算的商品（购物车商品、立即购买或积分兑换，三选一）',
    );
    expect(await orderCount(db())).toBe(orders);
    expect(await balanceOf(b.memberId)).toBe(800);
    expect(await mallRow(cheap.id)).toEqual({ stock: 1, redeemed: 0 });
  });

  test('50 simultaneous redemptions of the last 10 units make 10 orders', async () => {
    const m = await mallGoods({ pointsPrice: 100, stock: 10 });
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await pointsBuyer(100));
    const results = await Promise.all(
      buyers.map((b) => submit(b.token, { pointsMall: { id: m.id, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(10);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.POINTS_MALL_SOLD_OUT)).toBe(true);
    expect(await mallRow(m.id)).toEqual({ stock: 0, redeemed: 10 });
    const balances = await Promise.all(buyers.map((b) => balanceOf(b.memberId)));
    expect(balances.filter((x) => x === 0)).toHaveLength(10);
    expect(balances.filter((x) => x === 100)).toHaveLength(40);
  }, 180_000);

  test("one member's simultaneous redemptions stop at the per-member limit", async () => {
    const b = await pointsBuyer(10_000);
    const m = await mallGoods({ pointsPrice: 100, stock: 20, perMemberLimit: 2 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => submit(b.token, { pointsMall: { id: m.id, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(2);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.POINTS_MALL_LIMIT)).toBe(true);
    expect(await balanceOf(b.memberId)).toBe(9800);
    expect(await mallRow(m.id)).toEqual({ stock: 18, redeemed: 2 });
  });
});
