import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../lib/db.ts';
import { sweepOnce } from './order-sweeper.ts';
import { refundFlashUnits } from '../modules/activities/activities-trade.ts';
import { changePoints } from '../modules/points/points.service.ts';
import {
  applyAfterSale,
  asOps,
  buyer,
  consoleCalls,
  dbOf,
  firstItemId,
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
 * Activities at checkout over HTTP: a running 限时折扣 prices its SKUs for everyone; 立即抢购 of a 秒杀
 * takes the session's own units within the per-member limit, with a shorter pay window, and a
 * cancelled order's units go back to the session, units refunded before shipment stay in the goods'
 * stock and leave the session's sold; goods stock + activity stock + sold never changes.
 */
const OPS_TOKEN = 'checkout-activities-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const ops = (path: string, json: unknown) => server.api.post(`/ops/promotion/activity/${path}`, { json, ...asOps(OPS_TOKEN) });
const quote = (token: string, json: unknown) => server.api.post('/member/trade/checkout/quote', { token, json });
const submit = (token: string, json: unknown) => server.api.post('/member/trade/checkout/submit', { token, json });
const cancel = (token: string, orderNo: string) => server.api.post('/member/order/order/cancel', { token, json: { orderNo } });
const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();

async function scheduled(body: Record<string, unknown>) {
  const made = await ops('create', { startsAt: inMinutes(-1), endsAt: inMinutes(60), ...body });
  expect(made.code, made.message).toBe(0);
  const done = await ops('schedule', { id: made.data.id });
  expect(done.code, done.message).toBe(0);
  return made.data.id as number;
}
async function flashSale(skuId: number, o: { stock: number; priceFen?: number; perMemberLimit?: number; startsAt?: string; endsAt?: string }) {
  return scheduled({
    kind: 'FLASH_SALE',
    title: '测试秒杀',
    perMemberLimit: o.perMemberLimit ?? 0,
    skus: [{ skuId, priceFen: o.priceFen ?? 990, stock: o.stock }],
    ...(o.startsAt ? { startsAt: o.startsAt } : {}),
    ...(o.endsAt ? { endsAt: o.endsAt } : {}),
  });
}
async function sessionSku(activityId: number, skuId: number) {
  const [row] = await rows<{ stock: number; sold: number; returned: number }>(
    db(),
    sql`SELECT stock, sold, returned FROM activity_skus WHERE activity_id = ${activityId} AND sku_id = ${skuId}`,
  );
  return row!;
}
/** goods stock + activity stock + sold: what there was. */
async function total(activityId: number, skuId: number) {
  const s = await sessionSku(activityId, skuId);
  return (await stockOf(db(), skuId)) + s.stock + s.sold;
}

describe('限时折扣', () => {
  test('a running discount prices its SKU in the quote and the order; the line says which activity', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 10000, stock: 10 });
    await scheduled({ kind: 'TIME_DISCOUNT', title: '周末8折', skus: [{ skuId: g.skuId, percent: 80 }] });
    const source = { buyNow: { skuId: g.skuId, quantity: 2 }, addressId: b.addressId };
    const q = await quote(b.token, source);
    expect(q.data).toMatchObject({ goodsAmount: 20000, activityDiscount: 4000, payableAmount: 16000 });
    expect(q.data.items[0]).toMatchObject({ unitPrice: 10000, discountAmount: 4000, activity: { title: '周末8折', kindText: '限时折扣', priceFen: 8000 } });
    const o = await submit(b.token, { ...source, idempotencyKey: newKey() });
    expect(o.data.payableAmount).toBe(16000);
  });

  test('one not started yet or ended prices nothing', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 10000, stock: 10 });
    await scheduled({ kind: 'TIME_DISCOUNT', title: '明天的折扣', startsAt: inMinutes(60), endsAt: inMinutes(120), skus: [{ skuId: g.skuId, priceFen: 5000 }] });
    const q = await quote(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId });
    expect(q.data).toMatchObject({ activityDiscount: 0, payableAmount: 10000 });
    expect(q.data.items[0].activity).toBeNull();
  });
});

describe('秒杀 through 立即抢购', () => {
  test('the session price and units, a 15-minute pay window, payment; the units stay counted', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const id = await flashSale(g.skuId, { stock: 5, priceFen: 990, perMemberLimit: 2 });
    expect(await total(id, g.skuId)).toBe(20);
    const source = { buyNow: { skuId: g.skuId, quantity: 2, activityId: id }, addressId: b.addressId };
    const q = await quote(b.token, source);
    expect(q.data).toMatchObject({ goodsAmount: 11800, activityDiscount: 9820, freight: 1000, payableAmount: 2980, payMinutes: 15 });
    expect(q.data.items[0].activity).toMatchObject({ id, kindText: '秒杀', priceFen: 990 });

    const o = await submit(b.token, { ...source, idempotencyKey: newKey() });
    expect(o.code, o.message).toBe(0);
    const minutes = (Date.parse(o.data.payDeadline) - Date.now()) / MINUTE;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await sessionSku(id, g.skuId)).toMatchObject({ stock: 3, sold: 2 });
    expect(await stockOf(db(), g.skuId)).toBe(15);
    expect(await total(id, g.skuId)).toBe(20);
    expect(await notifyPaid(server, o.data.orderNo, 2980)).toBe('success');

    // The limit counts the paid order.
    expect(await submit(b.token, { ...source, buyNow: { ...source.buyNow, quantity: 1 }, idempotencyKey: newKey() })).toMatchObject({
      code: Code.ACTIVITY_LIMIT,
      message: '每人限购 2 件，您已购买 2 件',
    });
  });

  test('all of a goods’ units in the session: the goods shows 已售罄 elsewhere, 立即抢购 still sells them', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 5900, stock: 3 });
    const id = await flashSale(g.skuId, { stock: 3 });
    expect(await stockOf(db(), g.skuId)).toBe(0);
    expect((await quote(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId })).code).toBe(Code.OUT_OF_STOCK);
    const o = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 3, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(o.code, o.message).toBe(0);
    expect(await sessionSku(id, g.skuId)).toMatchObject({ stock: 0, sold: 3 });
    expect(await stockOf(db(), g.skuId)).toBe(0);
  });

  test('a cancelled order gives its units back to the running session; after the end they stay in the goods’ stock', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 5900, stock: 10 });
    const id = await flashSale(g.skuId, { stock: 4 });
    const one = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 3, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(await sessionSku(id, g.skuId)).toMatchObject({ stock: 1, sold: 3 });
    expect((await cancel(b.token, one.data.orderNo)).code).toBe(0);
    expect(await sessionSku(id, g.skuId)).toMatchObject({ stock: 4, sold: 0 });
    expect(await stockOf(db(), g.skuId)).toBe(6);

    const two = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 2, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() });
    await db().execute(sql`UPDATE activities SET ends_at = now() - interval '1 second', starts_at = now() - interval '2 hours' WHERE id = ${id}`);
    await db().execute(sql`UPDATE orders SET pay_deadline = now() - interval '1 second' WHERE order_no = ${two.data.orderNo}`);
    const swept = await sweepOnce(server.running.app.ctx);
    expect(swept).toMatchObject({ cancelled: 1, activitiesEnded: 1 });
    expect(await sessionSku(id, g.skuId)).toEqual({ stock: 0, sold: 0, returned: 4 });
    expect(await stockOf(db(), g.skuId)).toBe(10);
  });

  test('refusals: not started, ended, a SKU not in it, sold out, over the limit, a draft; nothing changes', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 5900, stock: 30 });
    const other = await makeGoods(db(), { priceFen: 5900, stock: 30 });
    const later = await flashSale(g.skuId, { stock: 3, startsAt: inMinutes(30), endsAt: inMinutes(90) });
    const now = await flashSale(other.skuId, { stock: 2, perMemberLimit: 1 });
    const draft = (await ops('create', { kind: 'FLASH_SALE', title: '草稿', startsAt: inMinutes(-1), endsAt: inMinutes(60), skus: [{ skuId: g.skuId, priceFen: 100, stock: 1 }] })).data.id;
    const orders = await orderCount(db());
    const at = (skuId: number, activityId: unknown, quantity = 1) =>
      submit(b.token, { buyNow: { skuId, quantity, activityId }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(await at(g.skuId, later)).toMatchObject({ code: Code.ACTIVITY_STATE, message: '秒杀尚未开始，请稍后再来' });
    expect(await at(g.skuId, now)).toMatchObject({ code: Code.ACTIVITY_STATE, message: '该商品规格不在此秒杀活动中' });
    expect(await at(other.skuId, now, 2)).toMatchObject({ code: Code.ACTIVITY_LIMIT, message: '每人限购 1 件' });
    expect(await at(other.skuId, now, 3)).toMatchObject({ code: Code.ACTIVITY_STOCK_SHORT, message: '秒杀库存仅剩 2 件' });
    expect(await at(g.skuId, draft)).toMatchObject({ code: Code.ACTIVITY_STATE, message: '秒杀活动不存在或已取消' });
    expect(await at(g.skuId, 999_999)).toMatchObject({ code: Code.ACTIVITY_STATE, message: '秒杀活动不存在或已取消' });
    for (const bad of [0, -1, 'x', 1.5, 2 ** 31, "1' OR '1'='1", ['1'], { id: 1 }]) {
      const res = await at(other.skuId, bad);
      expect(res.code, String(bad)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/秒杀活动/);
    }
    // Tampered prices are ignored: the session's price is the server's.
    const tampered = await submit(b.token, { buyNow: { skuId: other.skuId, quantity: 1, activityId: now, priceFen: 1 }, activityPrice: 1, addressId: b.addressId, idempotencyKey: newKey() });
    expect(tampered.data.payableAmount).toBe(990 + 1000);
    const ended = await flashSale(g.skuId, { stock: 1, startsAt: inMinutes(100), endsAt: inMinutes(160) });
    await db().execute(sql`UPDATE activities SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 minute' WHERE id = ${ended}`);
    expect(await at(g.skuId, ended)).toMatchObject({ code: Code.ACTIVITY_STATE, message: '秒杀已结束' });
    expect(await at(other.skuId, now)).toMatchObject({ code: Code.ACTIVITY_LIMIT });
    expect(await orderCount(db())).toBe(orders + 1);
  });

  test('40 buyers racing for 6 units make 6 orders; one member’s 6 simultaneous orders stop at the limit', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 50 });
    const id = await flashSale(g.skuId, { stock: 6, perMemberLimit: 2 });
    const buyers = [];
    for (let i = 0; i < 40; i++) buyers.push(await buyer(server.api));
    const results = await Promise.all(
      buyers.map((b) => submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(6);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.ACTIVITY_STOCK_SHORT && r.message === '已抢光')).toBe(true);
    expect(await sessionSku(id, g.skuId)).toMatchObject({ stock: 0, sold: 6 });
    expect(await total(id, g.skuId)).toBe(50);

    const h = await makeGoods(db(), { priceFen: 5900, stock: 50 });
    const limited = await flashSale(h.skuId, { stock: 20, perMemberLimit: 2 });
    const one = buyers[0]!;
    const mine = await Promise.all(
      Array.from({ length: 6 }, () =>
        submit(one.token, { buyNow: { skuId: h.skuId, quantity: 1, activityId: limited }, addressId: one.addressId, idempotencyKey: newKey() }),
      ),
    );
    expect(mine.filter((r) => r.code === 0)).toHaveLength(2);
    expect(mine.filter((r) => r.code !== 0).every((r) => r.code === Code.ACTIVITY_LIMIT)).toBe(true);
    expect(await sessionSku(limited, h.skuId)).toMatchObject({ stock: 18, sold: 2 });
  }, 180_000);
});

describe('秒杀 double click', () => {
  test('two submits with one idempotency key make one order and take the units once', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 5900, stock: 10 });
    const id = await flashSale(g.skuId, { stock: 5 });
    const body = { buyNow: { skuId: g.skuId, quantity: 1, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() };
    const [one, two, three] = await Promise.all([submit(b.token, body), submit(b.token, body), submit(b.token, body)]);
    expect([one, two, three].map((r) => r.code)).toEqual([0, 0, 0]);
    expect(new Set([one, two, three].map((r) => r.data.orderNo)).size).toBe(1);
    expect([one, two, three].filter((r) => r.data.created)).toHaveLength(1);
    expect(await sessionSku(id, g.skuId)).toEqual({ stock: 4, sold: 1, returned: 0 });
    const [holds] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM activity_holds WHERE activity_id = ${id}`);
    expect(holds!.n).toBe(1);
    expect(await total(id, g.skuId)).toBe(10);
  });
});

describe('秒杀 refunded before shipment', () => {
  const refundOf = async (token: string, orderNo: string, quantity: number) => {
    const no = await applyAfterSale(server, token, await firstItemId(server, token, orderNo), { quantity });
    const console = consoleCalls(server, OPS_TOKEN);
    expect((await console.post('/ops/afterSale/approve', { afterSaleNo: no })).code).toBe(0);
    return { no, refund: () => console.post('/ops/afterSale/refund', { afterSaleNo: no }) };
  };
  const holdOf = async (orderNo: string) => {
    const [row] = await rows<{ quantity: number; status: string }>(db(), sql`SELECT quantity, status FROM activity_holds WHERE order_no = ${orderNo}`);
    return row!;
  };

  test('the units stay in the goods’ stock and leave sold (once, under concurrent refund calls); the limit counts what is kept', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const id = await flashSale(g.skuId, { stock: 5, priceFen: 990, perMemberLimit: 3 });
    const o = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 3, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(o.code, o.message).toBe(0);
    expect(await notifyPaid(server, o.data.orderNo, o.data.payableAmount)).toBe('success');
    expect(await sessionSku(id, g.skuId)).toEqual({ stock: 2, sold: 3, returned: 0 });

    const one = await refundOf(b.token, o.data.orderNo, 1);
    const tries = await Promise.all([one.refund(), one.refund(), one.refund()]);
    expect(tries.filter((r) => r.code === 0).length).toBeGreaterThanOrEqual(1);
    expect(await sessionSku(id, g.skuId)).toEqual({ stock: 2, sold: 2, returned: 1 });
    expect(await stockOf(db(), g.skuId)).toBe(16);
    expect(await total(id, g.skuId)).toBe(20);
    expect(await holdOf(o.data.orderNo)).toEqual({ quantity: 2, status: 'HELD' });
    // The member keeps 2 of a limit of 3: one more may be bought, not two.
    const two = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 2, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(two).toMatchObject({ code: Code.ACTIVITY_LIMIT, message: '每人限购 3 件，您已购买 2 件' });

    // A repeated refund event for the same line state moves nothing.
    expect(await refundFlashUnits(db(), { orderNo: o.data.orderNo, skuId: g.skuId, stillBought: 2 })).toBe(0);
    expect(await sessionSku(id, g.skuId)).toEqual({ stock: 2, sold: 2, returned: 1 });

    // The rest refunded: the order closes, the hold is given back, the sum still holds.
    const rest = await refundOf(b.token, o.data.orderNo, 2);
    expect((await rest.refund()).code).toBe(0);
    expect(await sessionSku(id, g.skuId)).toEqual({ stock: 2, sold: 0, returned: 3 });
    expect(await holdOf(o.data.orderNo)).toMatchObject({ status: 'RETURNED' });
    expect(await stockOf(db(), g.skuId)).toBe(18);
    expect(await total(id, g.skuId)).toBe(20);
    expect(await refundFlashUnits(db(), { orderNo: o.data.orderNo, skuId: g.skuId, stillBought: 0 })).toBe(0);
  }, 120_000);

  test('two refunds of one line racing each move their own units, never more than were sold', async () => {
    const b = await buyer(server.api);
    const g = await makeGoods(db(), { priceFen: 5900, stock: 10 });
    const id = await flashSale(g.skuId, { stock: 4 });
    const o = await submit(b.token, { buyNow: { skuId: g.skuId, quantity: 2, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() });
    expect(await notifyPaid(server, o.data.orderNo, o.data.payableAmount)).toBe('success');
    const first = await refundOf(b.token, o.data.orderNo, 1);
    const second = await refundOf(b.token, o.data.orderNo, 1);
    const done = await Promise.all([first.refund(), second.refund()]);
    expect(done.map((r) => r.code)).toEqual([0, 0]);
    expect(await sessionSku(id, g.skuId)).toEqual({ stock: 2, sold: 0, returned: 2 });
    expect(await total(id, g.skuId)).toBe(10);
  }, 120_000);
});

describe('the order remembers the activity of each line', () => {
  const orderDetail = (token: string, orderNo: string) => server.api.get('/member/order/order/detail', { token, query: { orderNo } });
  const opsDetail = (orderNo: string) => server.api.get('/ops/order/detail', { ...asOps(OPS_TOKEN), query: { orderNo } });
  type Part = { kind: string; name: string; amount: number };
  const sum = (parts: Part[]) => parts.reduce((a, p) => a + p.amount, 0);

  test('a 秒杀 line is tagged in the buyer’s and the console’s detail, and the discounts are split by kind', async () => {
    const b = await buyer(server.api);
    await changePoints(db(), { memberId: await memberIdOf(server.api, b.token), amount: 5000, reason: 'OPS_GRANT', note: '测试' });
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const id = await flashSale(g.skuId, { stock: 5, priceFen: 2990 });
    const source = { buyNow: { skuId: g.skuId, quantity: 2, activityId: id }, addressId: b.addressId, points: 500 };
    const o = await submit(b.token, { ...source, idempotencyKey: newKey() });
    expect(o.code, o.message).toBe(0);

    const buyerView = (await orderDetail(b.token, o.data.orderNo)).data;
    expect(buyerView.items[0].activity).toEqual({ id, kind: 'FLASH_SALE', kindText: '秒杀', discount: 5820 });
    expect(buyerView.discounts[0]).toEqual({ kind: 'FLASH_SALE', name: '秒杀优惠', amount: 5820 });
    expect(buyerView.discounts.map((p: Part) => p.kind)).toEqual(['FLASH_SALE', 'POINTS']);
    expect(buyerView.discounts[1].amount).toBe(buyerView.pointsDiscount);
    expect(buyerView.pointsDiscount).toBeGreaterThan(0);
    expect(sum(buyerView.discounts)).toBe(buyerView.discountAmount);

    const consoleView = (await opsDetail(o.data.orderNo)).data;
    expect(consoleView.items[0].activity).toEqual(buyerView.items[0].activity);
    expect(consoleView.discounts).toEqual(buyerView.discounts);
    expect(sum(consoleView.discounts)).toBe(consoleView.discountAmount);
  });

  test('a 限时折扣 line beside a usual one: only it is tagged; a line placed before lines kept their activity shows none', async () => {
    const b = await buyer(server.api);
    const discounted = await makeGoods(db(), { priceFen: 10000, stock: 10 });
    const usual = await makeGoods(db(), { priceFen: 3000, stock: 10 });
    const id = await scheduled({ kind: 'TIME_DISCOUNT', title: '周末9折', skus: [{ skuId: discounted.skuId, percent: 90 }] });
    const cartItemIds: string[] = [];
    for (const g of [discounted, usual]) {
      const added = await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: g.skuId, quantity: 1 } });
      expect(added.code, added.message).toBe(0);
      cartItemIds.push(added.data.id);
    }
    const o = await submit(b.token, { cartItemIds, addressId: b.addressId, idempotencyKey: newKey() });
    expect(o.code, o.message).toBe(0);
    const view = (await opsDetail(o.data.orderNo)).data;
    const bySku = new Map(view.items.map((i: { skuId: number; activity: unknown }) => [i.skuId, i.activity]));
    expect(bySku.get(discounted.skuId)).toEqual({ id, kind: 'TIME_DISCOUNT', kindText: '限时折扣', discount: 1000 });
    expect(bySku.get(usual.skuId)).toBeNull();
    expect(view.discounts).toEqual([{ kind: 'TIME_DISCOUNT', name: '限时折扣', amount: 1000 }]);

    // An order of before: its lines keep no activity; its activity discount is one 活动优惠 and no line is tagged.
    await db().execute(sql`UPDATE order_items SET activity_id = NULL, activity_kind = NULL, activity_discount = 0
      WHERE order_id = (SELECT id FROM orders WHERE order_no = ${o.data.orderNo})`);
    const old = (await orderDetail(b.token, o.data.orderNo)).data;
    expect(old.items.map((i: { activity: unknown }) => i.activity)).toEqual([null, null]);
    expect(old.discounts).toEqual([{ kind: 'ACTIVITY', name: '活动优惠', amount: 1000 }]);
  });
});
