/**
 * Points follow the order over HTTP: earned when the buyer confirms receipt (on what was paid and not
 * refunded, once), 首单 granted once, clawed back pro rata by refunds (never more than earned, never
 * below zero); and the points sweeper expires unused points with a ledger row, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { sql } from '../lib/db.ts';
import { buyer, dbOf, makeSku, memberIdOf, paidOrder, startTestServer, type TestServer } from '../test/kit/index.ts';
import { ledgerOf, ledgerSum, pointsState } from '../modules/points/points-test-kit.ts';
import { shanghaiYear } from '../modules/points/points-rules.ts';
import { sweepPointsOnce } from './points-sweeper.ts';

const OPS_TOKEN = 'ops-token-for-points-flow-tests-0123456789';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server?.close());

const asOps = { headers: { 'x-ops-token': OPS_TOKEN } };
const ops = (path: string, json: Record<string, unknown>) => server.api.post(`/ops/${path}`, { json, ...asOps });

async function newBuyer() {
  const b = await buyer(server.api);
  return { ...b, memberId: await memberIdOf(server.api, b.token) };
}
type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/** A paid order of `quantity` units at `price`, shipped (待收货). */
async function shippedOrder(b: Buyer, price: number, quantity: number) {
  const sku = await makeSku(dbOf(server), { price });
  return paidOrder(server, b.memberId, [{ ...sku, unitPrice: price, quantity }], { status: 'PENDING_RECEIPT' });
}
const confirm = (b: Buyer, orderNo: string) => server.api.post('/member/order/order/confirm', { token: b.token, json: { orderNo } });

/** A refund-only after-sale of `quantity` units of a line, approved and refunded. */
async function refund(b: Buyer, itemId: string, quantity: number) {
  const applied = await server.api.post('/member/order/afterSale/apply', {
    token: b.token,
    json: { orderItemId: itemId, type: 'REFUND_ONLY', reason: '不想要了', description: '', quantity, images: [] },
  });
  expect(applied.code, applied.message).toBe(0);
  expect((await ops('afterSale/approve', { afterSaleNo: applied.data.afterSaleNo })).code).toBe(0);
  const done = await ops('afterSale/refund', { afterSaleNo: applied.data.afterSaleNo });
  expect(done.code, done.message).toBe(0);
}

describe('earning on completion', () => {
  it('confirming receipt earns a point per whole yuan paid and completes 首单, once', async () => {
    const b = await newBuyer();
    const order = await shippedOrder(b, 12999, 3); // ¥389.97
    const [first, second] = await Promise.all([confirm(b, order.orderNo), confirm(b, order.orderNo)]);
    expect([first.code, second.code].sort()).toEqual([0, Code.ORDER_STATE]);

    const ledger = await ledgerOf(server, b.memberId);
    expect(ledger).toEqual([
      expect.objectContaining({ amount: 389, balance_after: 389, reason: 'ORDER_EARN', order_no: order.orderNo, earned_year: shanghaiYear(new Date()) }),
      expect.objectContaining({ amount: 100, balance_after: 489, reason: 'TASK' }),
    ]);
    const tasks = await server.api.get('/member/points/task/list', { token: b.token });
    expect(tasks.data.find((t: { key: string }) => t.key === 'FIRST_ORDER')).toMatchObject({ state: 'DONE', points: 100 });

    // a second order earns, but 首单 is not given again
    const next = await shippedOrder(b, 1050, 1);
    expect((await confirm(b, next.orderNo)).code).toBe(0);
    const after = await pointsState(server, b.memberId);
    expect(after.tasks.filter((t) => (t as { task_key: string }).task_key === 'FIRST_ORDER')).toHaveLength(1);
    expect(await ledgerSum(server, b.memberId)).toEqual({ sum: 489 + 10 + 20, balance: 519 }); // +20: 绑定手机, granted when the tasks were listed
  });

  it('a refund before completion lowers what the completion earns', async () => {
    const b = await newBuyer();
    const sku = await makeSku(dbOf(server), { price: 5000 });
    const order = await paidOrder(server, b.memberId, [{ ...sku, unitPrice: 5000, quantity: 2 }]); // 待发货
    await refund(b, order.items[0]!.id, 1);
    expect((await ops('order/ship', { orderNo: order.orderNo, company: '顺丰速运', trackingNo: 'SF1234567890' })).code).toBe(0);
    expect((await confirm(b, order.orderNo)).code).toBe(0);
    const earn = (await ledgerOf(server, b.memberId)).find((r) => r.reason === 'ORDER_EARN');
    expect(earn).toMatchObject({ amount: 50, order_no: order.orderNo });
  });
});

describe('clawback on refund', () => {
  it('part refunds take back their share; all of them take back exactly what was earned, 首单 included', async () => {
    const b = await newBuyer();
    const order = await shippedOrder(b, 12999, 3);
    expect((await confirm(b, order.orderNo)).code).toBe(0);
    await refund(b, order.items[0]!.id, 1);
    expect(await ledgerSum(server, b.memberId)).toEqual({ sum: 389 - 129 + 100, balance: 360 }); // a part refund leaves 首单
    await refund(b, order.items[0]!.id, 2);
    const claw = (await ledgerOf(server, b.memberId)).filter((r) => r.reason === 'ORDER_CLAWBACK');
    expect(claw.map((r) => r.amount)).toEqual([-129, -260, -100]);
    expect(claw.every((r) => r.order_no === order.orderNo)).toBe(true);
    const [earning] = (await pointsState(server, b.memberId)).earnings as { earned: number; clawed_back: number }[];
    expect(earning).toMatchObject({ earned: 389, clawed_back: 389 });
    expect(await ledgerSum(server, b.memberId)).toEqual({ sum: 0, balance: 0 }); // everything the order earned
    const page = await server.api.get('/member/points/ledger/page', { token: b.token, query: { reason: 'ORDER_CLAWBACK' } });
    expect(page.data.list[0]).toMatchObject({ reasonText: '退款扣回', amount: -100, note: '整单退款，首单奖励扣回' });

    // 首单 is open again, and the next completed order earns it
    const tasks = await server.api.get('/member/points/task/list', { token: b.token });
    expect(tasks.data.find((t: { key: string }) => t.key === 'FIRST_ORDER')).toMatchObject({ state: 'TODO' });
    const next = await shippedOrder(b, 1050, 1);
    expect((await confirm(b, next.orderNo)).code).toBe(0);
    const granted = (await ledgerOf(server, b.memberId)).filter((r) => r.reason === 'TASK' && r.amount === 100);
    expect(granted).toHaveLength(2);
  });

  it('points already spent: the clawback takes the balance down to 0, never below, and the refund goes through', async () => {
    const b = await newBuyer();
    const order = await shippedOrder(b, 20000, 1);
    expect((await confirm(b, order.orderNo)).code).toBe(0); // 200 + 100 (首单)
    expect((await ops('points/adjust', { memberId: b.memberId, amount: -250, reason: '兑换礼品' })).code).toBe(0);
    await refund(b, order.items[0]!.id, 1);
    const ledger = await ledgerOf(server, b.memberId);
    expect(ledger.at(-1)).toMatchObject({ amount: -50, balance_after: 0, reason: 'ORDER_CLAWBACK' });
    expect(await ledgerSum(server, b.memberId)).toEqual({ sum: 0, balance: 0 });
  });
});

describe('expiry', () => {
  it('the sweeper expires last-but-one year’s unused points with a ledger row, once; expiring-soon shows last year’s', async () => {
    const b = await newBuyer();
    const year = shanghaiYear(new Date());
    for (const [amount, y] of [[100, year - 2], [60, year - 1], [40, year]] as const) {
      expect((await ops('points/adjust', { memberId: b.memberId, amount, reason: '测试积分' })).code).toBe(0);
      await dbOf(server).execute(
        sql`UPDATE points_ledger SET earned_year = ${y} WHERE id = (SELECT max(id) FROM points_ledger WHERE member_id = ${b.memberId})`,
      );
    }
    expect((await ops('points/adjust', { memberId: b.memberId, amount: -30, reason: '测试扣除' })).code).toBe(0);

    const soonBefore = await server.api.get('/member/points/account/balance', { token: b.token });
    // last year's 60 and the 70 left of the year before both go at this year's end if the sweeper has not run
    expect(soonBefore.data.expiringSoon).toEqual({ points: 130, expiresAt: new Date(Date.UTC(year + 1, 0, 1) - 8 * 3_600_000).toISOString() });

    const swept = await Promise.all([sweepPointsOnce(server.running.app.ctx), sweepPointsOnce(server.running.app.ctx)]);
    expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(1);
    const expired = (await ledgerOf(server, b.memberId)).filter((r) => r.reason === 'EXPIRE');
    expect(expired).toEqual([expect.objectContaining({ amount: -70, balance_after: 100 })]);
    await sweepPointsOnce(server.running.app.ctx);
    expect((await ledgerOf(server, b.memberId)).filter((r) => r.reason === 'EXPIRE')).toHaveLength(1);

    const soon = await server.api.get('/member/points/account/balance', { token: b.token });
    expect(soon.data).toMatchObject({ balance: 100, expiringSoon: { points: 60 } });
  });

  it('expiryYears 0: nothing expires and nothing is expiring soon', async () => {
    const b = await newBuyer();
    expect((await ops('points/adjust', { memberId: b.memberId, amount: 80, reason: '测试积分' })).code).toBe(0);
    await dbOf(server).execute(sql`UPDATE points_ledger SET earned_year = 2001 WHERE member_id = ${b.memberId}`);
    const current = (await server.api.get('/ops/points/settings', asOps)).data.value;
    expect((await ops('points/settings/save', { value: { ...current, expiryYears: 0 } })).code).toBe(0);
    try {
      await sweepPointsOnce(server.running.app.ctx);
      expect((await ledgerOf(server, b.memberId)).filter((r) => r.reason === 'EXPIRE')).toHaveLength(0);
      const bal = await server.api.get('/member/points/account/balance', { token: b.token });
      expect(bal.data).toMatchObject({ balance: 80, expiringSoon: { points: 0, expiresAt: null } });
    } finally {
      expect((await ops('points/settings/save', { value: current })).code).toBe(0);
    }
  });
});
