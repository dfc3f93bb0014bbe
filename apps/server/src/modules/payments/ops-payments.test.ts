/**
 * 人工退款 over HTTP: money that arrived for a cancelled order is listed as waiting for a refund by
 * hand; recording the refund moves it to REFUNDED with who, when and how, once (a second or a
 * concurrent call is refused); replayed notifications of that trade stay duplicates.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import {
  startTestServer,
  type TestServer,
  bearer,
  makeOperator,
  buyer,
  dbOf,
  makeGoods,
  consoleCalls,
  HOSTILE_VALUES,
  notifyPaid,
  placeOrder,
} from '../../test/kit/index.ts';

const OPS_TOKEN = 'console-payments-ops-token-0123456789';
let server: TestServer;
let ops: ReturnType<typeof consoleCalls>;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  ops = consoleCalls(server, OPS_TOKEN);
});
afterAll(() => server?.close());

/** An order cancelled by its buyer, then paid anyway (the money must go back by hand). */
async function lateMoney() {
  const g = await makeGoods(dbOf(server), { priceFen: 15000, stock: 5 });
  const b = await buyer(server.api);
  const { orderNo, payableAmount } = await placeOrder(server, b, g.skuId, 1, { paid: false });
  await server.api.post('/member/order/order/cancel', { token: b.token, json: { orderNo } });
  expect(await notifyPaid(server, orderNo, payableAmount)).toBe('success');
  return { orderNo, payableAmount };
}

const waiting = (query: Record<string, string | number> = {}) => ops.get('/ops/payment/manualRefunds', query);
const record = (json: unknown, h?: ReturnType<typeof bearer>) => ops.post('/ops/payment/refundRecorded', json, h);

describe('manual refunds', () => {
  it('lists money waiting for a refund by hand, oldest first; records the refund once with who, when and how', async () => {
    const first = await lateMoney();
    const second = await lateMoney();
    const list = await waiting();
    expect(list.code).toBe(0);
    const mine = list.data.list.filter((p: any) => [first.orderNo, second.orderNo].includes(p.orderNo));
    expect(mine.map((p: any) => p.orderNo)).toEqual([first.orderNo, second.orderNo]);
    expect(mine[0]).toMatchObject({
      status: 'REFUND_REQUIRED',
      statusText: '待人工退款',
      amount: first.payableAmount,
      provider: 'sandbox',
      providerText: '模拟支付',
      tradeNo: expect.any(String),
      note: '订单已取消，款项待退回',
      refundedAt: null,
    });

    const finance = await makeOperator(server.api, OPS_TOKEN, 'finance');
    const paymentId = mine[0].id as string;
    const note = '已在支付宝商家后台原路退款，退款单号 2026112322001';
    const results = await Promise.all([
      record({ paymentId, note }, bearer(finance.token)),
      record({ paymentId, note }, bearer(finance.token)),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([0, Code.PAYMENT_FAILED]);
    const done = results.find((r) => r.code === 0)!;
    expect(done).toMatchObject({
      message: '已登记退款',
      data: { status: 'REFUNDED', statusText: '已人工退款', refundedBy: '测试finance', refundNote: note },
    });
    const again = await record({ paymentId, note: '再登记一次' });
    expect(again.code).toBe(Code.PAYMENT_FAILED);
    expect(again.message).toMatch(
      /^该款项已于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 由 测试finance 登记为已退款，不能重复登记$/,
    );

    expect((await waiting()).data.list.map((p: any) => p.id)).not.toContain(paymentId);
    expect((await waiting({ status: 'REFUNDED' })).data.list[0]).toMatchObject({ id: paymentId, refundNote: note });
    const detail = await ops.get('/ops/order/detail', { orderNo: first.orderNo });
    expect(detail.data).toMatchObject({
      status: 'CANCELLED',
      payment: null,
      payments: [{ status: 'REFUNDED', refundedBy: '测试finance' }],
    });

    // a replayed notification of that trade is still a duplicate: nothing new to refund
    expect(await notifyPaid(server, first.orderNo, first.payableAmount)).toBe('success');
    const [count] = await rows<{ n: number }>(
      dbOf(server),
      sql`SELECT count(*)::int AS n FROM payments WHERE order_no = ${first.orderNo} AND status IN ('REFUND_REQUIRED', 'SUCCESS')`,
    );
    expect(count!.n).toBe(0);
    const [logged] = await rows<{ reason: string; operator_name: string }>(
      dbOf(server),
      sql`SELECT reason, operator_name FROM ops_audit_log WHERE action = 'payment.refundRecorded' AND object_id = ${paymentId}`,
    );
    expect(logged).toMatchObject({
      operator_name: finance.username,
      reason: `订单 ${first.orderNo} 退款 150.00 元：${note}`,
    });
  });

  it('refuses a payment that needs no refund, unknown ids, bad notes, and roles without payment:refund', async () => {
    const g = await makeGoods(dbOf(server), { stock: 5 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId);
    const paid = (await ops.get('/ops/order/detail', { orderNo })).data.payment;
    expect((await record({ paymentId: paid.id, note: '误操作测试' })).message).toBe('该支付不需要人工退款');
    expect((await record({ paymentId: '00000000-0000-4000-8000-000000000000', note: '测试说明' })).message).toBe(
      '支付记录不存在',
    );

    const { orderNo: lateNo } = await lateMoney();
    const late = (await waiting()).data.list.find((p: any) => p.orderNo === lateNo);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ paymentId: late.id }, /请填写退款说明/],
      [{ paymentId: late.id, note: '' }, /请填写退款说明/],
      [{ paymentId: late.id, note: '好' }, /退款说明至少 2 个字符/],
      [{ paymentId: late.id, note: 'x'.repeat(201) }, /退款说明不能超过 200 个字符/],
      [{ paymentId: late.id, note: 12345 }, /退款说明格式不正确/],
      [{ note: '已退款' }, /请填写支付记录/],
      [{ paymentId: 'abc', note: '已退款' }, /支付记录编号格式不正确/],
      [{ paymentId: 42, note: '已退款' }, /支付记录格式不正确/],
      ...HOSTILE_VALUES.map((v): [Record<string, unknown>, RegExp] => [{ paymentId: v, note: '已退款' }, /支付记录/]),
    ];
    for (const [body, message] of cases) {
      const res = await record(body);
      expect(res.code, JSON.stringify(body).slice(0, 60)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    expect((await record({ paymentId: late.id, note: '客服不能登记' }, bearer(service.token))).code).toBe(
      Code.FORBIDDEN,
    );
    expect((await waiting()).data.list.find((p: any) => p.id === late.id).status).toBe('REFUND_REQUIRED');
    for (const [query, message] of [
      [{ status: 'SUCCESS' }, /退款状态/],
      [{ pageSize: 0 }, /每页条数/],
    ] as const) {
      const res = await waiting(query as Record<string, string | number>);
      expect(res.code).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
  });
});
