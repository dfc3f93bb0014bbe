/**
 * 工作台 API over HTTP: the figures of a known set of orders (paid, cancelled, closed by a full
 * refund, partly refunded, unpaid; in and out of each period, on both sides of the Asia/Shanghai
 * midnight), the comparison period cut at the same time of day, visitors and conversion, trend,
 * categories, to-dos, a new shop, bad input and who may read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  type DashboardByCategory,
  type DashboardSummary,
  type DashboardTodos,
  type DashboardTrend,
} from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import { shanghaiDay } from '../../lib/ids.ts';
import {
  asOps,
  bearer,
  dashboardData,
  dbOf,
  makeOperator,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { shanghaiMidnight } from './periods.ts';

const { addVisit, makeAfterSale, makeCategory, makeGoods, makeMember, makeOrder, makeRefundRequiredPayment } = dashboardData;

const OPS_TOKEN = 'ops-token-for-dashboard-tests-0123456789';
const DAY = 86_400_000;
let server: TestServer;
const ops = () => asOps(OPS_TOKEN);
const get = <T>(path: string, query: Record<string, string> = {}) => server.api.get<T>(path, { ...ops(), query });
/** Figures computed now, not the ones shared for DASHBOARD_CACHE_SECONDS (tested on their own below). */
const fresh = <T>(path: string, range?: string) => get<T>(path, range ? { range, fresh: '1' } : { fresh: '1' });

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server?.close());

describe('a new shop', () => {
  it('answers zeros, no conversion, empty charts and nothing to do', async () => {
    const s = await fresh<DashboardSummary>('/ops/dashboard/summary', '7d');
    expect(s.code).toBe(0);
    expect(s.data.current).toEqual({
      paidAmount: 0,
      grossAmount: 0,
      refundAmount: 0,
      paidOrders: 0,
      payingBuyers: 0,
      averageOrderValue: 0,
      visitors: 0,
      conversionRate: null,
    });
    const t = await fresh<DashboardTrend>('/ops/dashboard/trend', '30d');
    expect(t.data.granularity).toBe('day');
    expect(t.data.points).toHaveLength(30);
    expect(t.data.points.every((p) => p.paidAmount === 0 && p.paidOrders === 0)).toBe(true);
    expect(t.data.points.at(-1)!.key).toBe(shanghaiDay());
    const c = await fresh<DashboardByCategory>('/ops/dashboard/byCategory', '30d');
    expect(c.data).toMatchObject({ range: '30d', total: 0, list: [] });
    const todo = await get<DashboardTodos>('/ops/dashboard/todo');
    expect(todo.data.list.map((i) => i.count)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('figures of a known set of orders', () => {
  let now: Date;
  let T0: number;
  let justNow: Date;
  const at = (ms: number) => new Date(ms);
  let phone: { goodsId: number; skuId: number };
  let dress: { goodsId: number; skuId: number };
  const gone = { goodsId: 987_654_321, skuId: 987_654_321 };

  beforeAll(async () => {
    // The figures are of "today" in Asia/Shanghai: orders written just before its midnight would be read
    // in a day that has begun since (a run at 16:00 UTC failed so). The file takes seconds; within a minute
    // of midnight it begins after it.
    const untilMidnight = shanghaiMidnight(new Date()).getTime() + DAY - Date.now();
    if (untilMidnight < 60_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
    now = new Date();
    T0 = shanghaiMidnight(now).getTime();
    justNow = at(now.getTime() - 1000);
    const db = dbOf(server);
    const digital = await makeCategory(db, '数码');
    const clothes = await makeCategory(db, '服饰');
    phone = await makeGoods(db, await makeCategory(db, '手机', digital));
    dress = await makeGoods(db, await makeCategory(db, '女装', clothes), { stock: 5 });
    const [m1, m2, m3, m4] = [await makeMember(db), await makeMember(db), await makeMember(db), await makeMember(db)];
    const order = (
      memberId: string,
      status: string,
      paidAt: Date | null,
      lines: Parameters<typeof makeOrder>[1]['lines'],
    ) => makeOrder(db, { memberId, status, paidAt, lines });

    // Today (since Asia/Shanghai midnight, inclusive)
    const a = await order(m1!, 'PENDING_SHIPMENT', at(T0), [{ ...phone, amount: 10000 }]);
    const b = await order(m1!, 'COMPLETED', justNow, [
      { ...phone, amount: 5000 },
      { ...dress, amount: 3000, refunded: 1000 },
    ]);
    const c = await order(m2!, 'PENDING_RECEIPT', justNow, [{ ...gone, amount: 2000 }]);
    // Not paid, or every unit refunded (closed): never counted
    const d = await order(m3!, 'CANCELLED', null, [{ ...phone, amount: 99999 }]);
    await order(m3!, 'CLOSED', at(T0 + 1), [{ ...phone, amount: 7000, refunded: 7000, refundedQuantity: 1 }]);
    await order(m4!, 'PENDING_PAYMENT', null, [{ ...phone, amount: 8888 }]);
    // Yesterday: one millisecond before midnight (after yesterday's same-time cut) and at its midnight
    await order(m3!, 'COMPLETED', at(T0 - 1), [{ ...dress, amount: 4000 }]);
    await order(m4!, 'COMPLETED', at(T0 - DAY), [{ ...phone, amount: 6000 }]);
    // The first day of 近7天, and just before it (after the previous week's same-time cut)
    await order(m2!, 'COMPLETED', at(T0 - 6 * DAY), [{ ...phone, amount: 1500 }]);
    await order(m1!, 'COMPLETED', at(T0 - 6 * DAY - 1), [{ ...phone, amount: 1200 }]);
    // The first day of the week before
    await order(m3!, 'COMPLETED', at(T0 - 13 * DAY), [{ ...phone, amount: 800 }]);
    // The first day of 近30天, and the day before it
    await order(m2!, 'PENDING_SHIPMENT', at(T0 - 29 * DAY), [{ ...phone, amount: 2500 }]);
    await order(m4!, 'COMPLETED', at(T0 - 30 * DAY), [{ ...phone, amount: 3100 }]);

    // Waiting for someone
    await makeAfterSale(db, {
      memberId: m1!,
      orderId: b.orderId,
      orderNo: b.orderNo,
      itemId: b.itemIds[0]!,
      skuId: phone.skuId,
      status: 'PENDING_REVIEW',
    });
    await makeAfterSale(db, {
      memberId: m1!,
      orderId: a.orderId,
      orderNo: a.orderNo,
      itemId: a.itemIds[0]!,
      skuId: phone.skuId,
      status: 'PENDING_REVIEW',
    });
    await makeAfterSale(db, {
      memberId: m2!,
      orderId: c.orderId,
      orderNo: c.orderNo,
      itemId: c.itemIds[0]!,
      skuId: gone.skuId,
      status: 'PENDING_MERCHANT_RECEIPT',
    });
    await makeAfterSale(db, {
      memberId: m1!,
      orderId: b.orderId,
      orderNo: b.orderNo,
      itemId: b.itemIds[1]!,
      skuId: dress.skuId,
      status: 'REFUNDING',
    });
    await makeAfterSale(db, {
      memberId: m1!,
      orderId: b.orderId,
      orderNo: b.orderNo,
      itemId: b.itemIds[1]!,
      skuId: dress.skuId,
      status: 'COMPLETED',
    });
    await makeRefundRequiredPayment(db, { memberId: m3!, orderId: d.orderId, orderNo: d.orderNo });

    // Goods pages: three visitors today (one twice), one yesterday before the same-time cut, one after it
    for (const v of ['PC-dash-1', 'PC-dash-1', 'PC-dash-2', 'PC-dash-3']) {
      const res = await server.api.get(`/member/goods/goods/detail/${phone.goodsId}`, { headers: { VistorId: v } });
      expect(res.code).toBe(0);
    }
    await addVisit(db, shanghaiDay(at(T0 - DAY)), '1001', at(T0 - DAY + 1));
    await addVisit(db, shanghaiDay(at(T0 - DAY)), '1002', at(T0 - 1));
  }, 120_000);

  it('今日: paid since midnight, net of refunds, against yesterday up to the same time', async () => {
    const s = await fresh<DashboardSummary>('/ops/dashboard/summary', 'today');
    expect(s.code).toBe(0);
    expect(s.data.range).toBe('today');
    expect(Date.parse(s.data.from)).toBe(T0);
    expect(Date.parse(s.data.previousFrom)).toBe(T0 - DAY);
    expect(Date.parse(s.data.to) - Date.parse(s.data.previousTo)).toBe(DAY);
    expect(s.data.current).toEqual({
      paidAmount: 19000,
      grossAmount: 20000,
      refundAmount: 1000,
      paidOrders: 3,
      payingBuyers: 2,
      averageOrderValue: 6333,
      visitors: 3,
      conversionRate: 0.6667,
    });
    expect(s.data.previous).toMatchObject({
      paidAmount: 6000,
      paidOrders: 1,
      payingBuyers: 1,
      visitors: 1,
      conversionRate: 1,
    });
  });

  it('近7天 and 近30天: from the first day’s midnight; the week before is cut at the same time', async () => {
    const week = await fresh<DashboardSummary>('/ops/dashboard/summary', '7d');
    expect(Date.parse(week.data.from)).toBe(T0 - 6 * DAY);
    expect(week.data.current).toMatchObject({
      paidAmount: 30500,
      grossAmount: 31500,
      refundAmount: 1000,
      paidOrders: 6,
      payingBuyers: 4,
    });
    expect(week.data.current.averageOrderValue).toBe(Math.round(30500 / 6));
    expect(week.data.previous).toMatchObject({ paidAmount: 800, paidOrders: 1, payingBuyers: 1 });
    const month = await fresh<DashboardSummary>('/ops/dashboard/summary', '30d');
    expect(month.data.current).toMatchObject({ paidAmount: 30500 + 1200 + 800 + 2500, paidOrders: 9, payingBuyers: 4 });
    expect(month.data.previous).toMatchObject({ paidAmount: 3100, paidOrders: 1 });
  });

  it('trend: by day (Asia/Shanghai) for 7 and 30 days, by hour today; it adds up to the summary', async () => {
    const week = await fresh<DashboardTrend>('/ops/dashboard/trend', '7d');
    expect(week.data.granularity).toBe('day');
    expect(week.data.points.map((p) => p.key)).toEqual(
      Array.from({ length: 7 }, (_, i) => shanghaiDay(at(T0 - (6 - i) * DAY))),
    );
    expect(week.data.points[0]).toMatchObject({
      paidAmount: 1500,
      paidOrders: 1,
      label: shanghaiDay(at(T0 - 6 * DAY)).slice(5),
    });
    expect(week.data.points[5]).toMatchObject({ paidAmount: 10000, paidOrders: 2 });
    expect(week.data.points[6]).toMatchObject({ paidAmount: 19000, paidOrders: 3 });
    expect(week.data.points.reduce((s, p) => s + p.paidAmount, 0)).toBe(30500);

    const month = await fresh<DashboardTrend>('/ops/dashboard/trend', '30d');
    expect(month.data.points).toHaveLength(30);
    expect(month.data.points[0]).toMatchObject({ key: shanghaiDay(at(T0 - 29 * DAY)), paidAmount: 2500 });

    const today = await fresh<DashboardTrend>('/ops/dashboard/trend', 'today');
    expect(today.data.granularity).toBe('hour');
    const hourNow = Math.floor((justNow.getTime() - T0) / 3_600_000);
    expect(today.data.points.length).toBeGreaterThanOrEqual(hourNow + 1);
    expect(today.data.points[0]!.label).toBe('00:00');
    const expected = new Map<number, number>([[0, 10000]]);
    expected.set(hourNow, (expected.get(hourNow) ?? 0) + 9000);
    for (const [hour, amount] of expected) expect(today.data.points[hour]!.paidAmount).toBe(amount);
    expect(today.data.points.reduce((s, p) => s + p.paidOrders, 0)).toBe(3);
  });

  it('by top-level category, net of refunds; goods gone from the catalogue under 其他', async () => {
    const c = await fresh<DashboardByCategory>('/ops/dashboard/byCategory', 'today');
    expect(c.code).toBe(0);
    expect(c.data.total).toBe(19000);
    expect(c.data.list.map((g) => [g.name, g.paidAmount, g.quantity])).toEqual([
      ['数码', 15000, 2],
      ['服饰', 2000, 1],
      ['其他', 2000, 1],
    ]);
    expect(c.data.list.at(-1)!.categoryId).toBeNull();
  });

  it('stores visitors as hashes, one row per visitor per day', async () => {
    const found = await rows<{ visitor: string; views: number }>(
      dbOf(server),
      sql`SELECT visitor::text AS visitor, views FROM goods_visitors WHERE view_date = ${shanghaiDay()}::date ORDER BY views DESC`,
    );
    expect(found.map((r) => r.views)).toEqual([2, 1, 1]);
    expect(found.every((r) => /^-?\d{1,19}$/.test(r.visitor))).toBe(true);
  });

  it('to-dos: counts with where to go and what that needs', async () => {
    const todo = await fresh<DashboardTodos>('/ops/dashboard/todo');
    expect(todo.code).toBe(0);
    expect(todo.data.lowStockThreshold).toBe(10);
    expect(Object.fromEntries(todo.data.list.map((i) => [i.key, i.count]))).toEqual({
      toShip: 2,
      toReview: 2,
      toReceive: 1,
      toRefund: 1,
      refundByHand: 1,
      lowStock: 1,
    });
    const ship = todo.data.list.find((i) => i.key === 'toShip')!;
    expect(ship).toMatchObject({
      title: '待发货订单',
      path: '/orders?status=PENDING_SHIPMENT',
      permission: 'order:view',
    });
  });
});

describe('bad input', () => {
  it.each([
    ['forever'],
    [''],
    ["today' OR 1=1 --"],
    ['7d; DROP TABLE orders'],
    ['近7天'],
    ['𝟕d'],
    ['7D'],
    ['x'.repeat(5000)],
    ['-1'],
    ['1e9'],
  ])('range=%s is refused in Chinese, naming the field', async (range) => {
    for (const path of ['/ops/dashboard/summary', '/ops/dashboard/trend', '/ops/dashboard/byCategory']) {
      const res = await get(path, { range });
      expect(res.status).toBe(200);
      expect(res.code, `${path} ${range.slice(0, 20)}`).toBe(Code.BAD_REQUEST);
      expect(res.message).toBe('统计时段取值不正确');
    }
  });

  it('a repeated or bracketed range is refused too; no range means 今日', async () => {
    const twice = await server.api.get('/ops/dashboard/summary?range=7d&range=30d', ops());
    expect(twice.code).toBe(Code.BAD_REQUEST);
    const bracket = await server.api.get('/ops/dashboard/summary?range[]=7d', ops());
    expect([0, Code.BAD_REQUEST]).toContain(bracket.code);
    if (bracket.code === 0) expect(bracket.data.range).toBe('today');
    const none = await server.api.get<DashboardSummary>('/ops/dashboard/summary', ops());
    expect(none.code).toBe(0);
    expect(none.data.range).toBe('today');
  });

  it('the orders are still there afterwards', async () => {
    const s = await fresh<DashboardSummary>('/ops/dashboard/summary', '30d');
    expect(s.data.current.paidOrders).toBe(9);
  });
});

describe('who may read it', () => {
  it('needs an operator with 查看工作台 (运营 has it)', async () => {
    expect((await server.api.get('/ops/dashboard/summary')).code).toBe(Code.NOT_SIGNED_IN);
    expect((await server.api.get('/ops/dashboard/todo', bearer('not-a-session'))).code).not.toBe(0);
    // (every role × every endpoint is the permission matrix's: modules/operators/permissions.test.ts)
    const op = await makeOperator(server.api, OPS_TOKEN, 'operations');
    const res = await server.api.get('/ops/dashboard/summary', { ...bearer(op.token), query: { range: '7d' } });
    expect(res.code).toBe(0);
  });
});

describe('shared figures', () => {
  it('are computed once per period for a while, and again at once when 刷新 asks', async () => {
    const first = await get<DashboardSummary>('/ops/dashboard/summary', { range: '7d' });
    const db = dbOf(server);
    const goods = await makeGoods(db, await makeCategory(db, '缓存测试'));
    await makeOrder(db, {
      memberId: await makeMember(db),
      status: 'PENDING_SHIPMENT',
      paidAt: new Date(),
      lines: [{ ...goods, amount: 777 }],
    });
    const again = await get<DashboardSummary>('/ops/dashboard/summary', { range: '7d' });
    expect(again.data).toEqual(first.data);
    const trend = await get<DashboardTrend>('/ops/dashboard/trend', { range: '7d' });
    const renewed = await fresh<DashboardSummary>('/ops/dashboard/summary', '7d');
    expect(renewed.data.current.paidOrders).toBe(first.data.current.paidOrders + 1);
    expect(renewed.data.current.paidAmount).toBe(first.data.current.paidAmount + 777);
    expect(Date.parse(renewed.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.data.updatedAt));
    // Each period and each chart has its own figures; the to-dos are counted again with 刷新 too.
    expect((await get<DashboardTrend>('/ops/dashboard/trend', { range: '7d' })).data).toEqual(trend.data);
    expect((await fresh<DashboardTodos>('/ops/dashboard/todo')).data.list.find((i) => i.key === 'toShip')!.count).toBe(
      3,
    );
  });

  it('fresh takes a flag', async () => {
    for (const value of ['maybe', '2', '是']) {
      const res = await get('/ops/dashboard/summary', { range: '7d', fresh: value });
      expect(res.code).toBe(Code.BAD_REQUEST);
      expect(res.message).toBe('刷新格式不正确');
    }
  });
});
