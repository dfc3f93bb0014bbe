/**
 * The console's 售后 over HTTP: the review queue (counts per status, oldest first while waiting for
 * the shop), detail with the buyer's images and the order line, approve / reject with a reason
 * (twice refused), 确认收到退货 (stock back, in the ledger), refund (twice refused), audited.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../lib/db.ts';
import {
  startTestServer,
  type TestServer,
  PNG,
  upload,
  bearer,
  makeOperator,
  buyer,
  dbOf,
  makeGoods,
  stockOf,
  applyAfterSale,
  consoleCalls,
  firstItemId,
  HOSTILE_VALUES,
  placeOrder,
} from '../test/kit/index.ts';

const OPS_TOKEN = 'console-aftersale-ops-token-0123456789';
let server: TestServer;
let ops: ReturnType<typeof consoleCalls>;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  ops = consoleCalls(server, OPS_TOKEN);
});
afterAll(() => server?.close());

const queue = (query: Record<string, string | number>) => ops.get('/ops/afterSale/page', query);
const detail = (afterSaleNo: string) => ops.get('/ops/afterSale/detail', { afterSaleNo });
const act = (action: string, json: Record<string, unknown>) => ops.post(`/ops/afterSale/${action}`, json);
const auditActions = async (afterSaleNo: string) =>
  (
    await rows<{ action: string; reason: string | null; changes: unknown }>(
      dbOf(server),
      sql`SELECT action, reason, changes FROM ops_audit_log WHERE object_type = 'aftersale' AND object_id = ${afterSaleNo} ORDER BY id`,
    )
  ).map((r) => r.action);

describe('review queue', () => {
  it('has a count per status and serves 待审核 oldest first; a keyword finds by number or goods name', async () => {
    const tag = `售后队列${Date.now()}`;
    const g = await makeGoods(dbOf(server), { name: `${tag}耳机`, priceFen: 5000, stock: 20 });
    const b = await buyer(server.api);
    const nos: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { orderNo } = await placeOrder(server, b, g.skuId);
      nos.push(await applyAfterSale(server, b.token, await firstItemId(server, b.token, orderNo)));
    }
    expect((await act('reject', { afterSaleNo: nos[2], reason: '订单已发出，无法退款' })).code).toBe(0);

    const waiting = await queue({ status: 'PENDING_REVIEW', keyword: tag });
    expect(waiting.code).toBe(0);
    expect(waiting.data.list.map((a: any) => a.afterSaleNo)).toEqual([nos[0], nos[1]]);
    expect(waiting.data.counts).toMatchObject({ ALL: 3, PENDING_REVIEW: 2, REJECTED: 1, COMPLETED: 0 });
    expect(waiting.data.list[0]).toMatchObject({
      goods: { name: `${tag}耳机` },
      typeText: '仅退款',
      memberId: expect.any(String),
    });
    const all = await queue({ status: 'ALL', keyword: tag });
    expect(all.data.list.map((a: any) => a.afterSaleNo)).toEqual([nos[2], nos[1], nos[0]]); // newest first
    expect((await queue({ keyword: nos[1]! })).data.list.map((a: any) => a.afterSaleNo)).toEqual([nos[1]]);
  });

  it('refuses bad filters in Chinese', async () => {
    for (const [query, message] of [
      [{ status: 'OPEN' }, /售后状态/],
      [{ keyword: 'k'.repeat(51) }, /搜索关键词/],
      [{ pageSize: 500 }, /每页条数/],
      [{ pageNum: 'abc' }, /页码/],
    ] as const) {
      const res = await queue(query as Record<string, string | number>);
      expect(res.code).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
  });
});

describe('review and refund', () => {
  it('shows the images and the order line; approves once (a second and a concurrent approval are refused), refunds once', async () => {
    const g = await makeGoods(dbOf(server), { name: '审核测试商品', priceFen: 20000, stock: 10 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId, 2);
    const image = await upload(server, b.token, PNG);
    const itemId = await firstItemId(server, b.token, orderNo);
    const applied = await server.api.post('/member/order/afterSale/apply', {
      token: b.token,
      json: {
        orderItemId: itemId,
        type: 'REFUND_ONLY',
        reason: '质量问题',
        quantity: 1,
        images: [image.data.name],
        description: '有划痕',
      },
    });
    const afterSaleNo = applied.data.afterSaleNo as string;

    const d = await detail(afterSaleNo);
    expect(d.code).toBe(0);
    expect(d.data).toMatchObject({
      afterSaleNo,
      status: 'PENDING_REVIEW',
      description: '有划痕',
      images: [expect.stringMatching(new RegExp(`^/member/order/afterSale/image/${image.data.name}\\?exp=\\d+&sig=[0-9a-f]{64}$`))],
      order: {
        orderNo,
        status: 'PENDING_SHIPMENT',
        statusText: '待发货',
        line: { id: itemId, quantity: 2, refundedQuantity: 0, openAfterSales: 1 },
      },
      operatorActions: ['approve', 'reject'],
    });
    expect((await fetch(`${server.url}${d.data.images[0]}`)).status).toBe(200);

    const approvals = await Promise.all([act('approve', { afterSaleNo }), act('approve', { afterSaleNo })]);
    expect(approvals.map((r) => r.code).sort()).toEqual([0, Code.AFTERSALE_STATE]);
    const again = await act('approve', { afterSaleNo });
    expect(again).toMatchObject({ code: Code.AFTERSALE_STATE, message: '售后单退款中，不能进行此操作' });
    expect((await act('reject', { afterSaleNo, reason: '不同意退款' })).message).toBe('售后单退款中，不能进行此操作');
    expect((await detail(afterSaleNo)).data.operatorActions).toEqual(['refund']);

    const refunds = await Promise.all([act('refund', { afterSaleNo }), act('refund', { afterSaleNo })]);
    expect(refunds.filter((r) => r.code === 0)).toHaveLength(1);
    const refused = refunds.find((r) => r.code !== 0)!;
    expect(refused.message).toMatch(/售后单已完成，不能进行此操作|退款正在处理中|售后单状态已变化/);
    expect((await act('refund', { afterSaleNo })).message).toBe('售后单已完成，不能进行此操作');
    const done = await detail(afterSaleNo);
    expect(done.data).toMatchObject({
      status: 'COMPLETED',
      refund: { amount: 20000, status: 'SUCCESS' },
      operatorActions: [],
    });
    expect(done.data.order.line).toMatchObject({ refundedQuantity: 1, refundedAmount: 20000, openAfterSales: 0 });
    expect(await stockOf(dbOf(server), g.skuId)).toBe(9); // 10 - 2 sold + 1 refunded before shipment
    expect(await auditActions(afterSaleNo)).toEqual(['aftersale.approve', 'aftersale.refund']);
  });

  it('rejects with a reason of 2–100 characters (required), once; the buyer sees it', async () => {
    const g = await makeGoods(dbOf(server), { stock: 10 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId);
    const afterSaleNo = await applyAfterSale(server, b.token, await firstItemId(server, b.token, orderNo));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /请填写拒绝原因/],
      [{ reason: '' }, /请填写拒绝原因/],
      [{ reason: '否' }, /拒绝原因至少 2 个字符/],
      [{ reason: '   否  ' }, /拒绝原因至少 2 个字符/],
      [{ reason: '长'.repeat(101) }, /拒绝原因不能超过 100 个字符/],
      [{ reason: 123 }, /拒绝原因格式不正确/],
      [{ reason: ['不行', '不行'] }, /拒绝原因格式不正确/],
    ];
    for (const [patch, message] of cases) {
      const res = await act('reject', { afterSaleNo, ...patch });
      expect(res.code, JSON.stringify(patch)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    expect((await detail(afterSaleNo)).data.status).toBe('PENDING_REVIEW');
    const rejected = await act('reject', { afterSaleNo, reason: '商品已拆封影响二次销售' });
    expect(rejected).toMatchObject({ code: 0, data: { status: 'REJECTED', rejectReason: '商品已拆封影响二次销售' } });
    expect((await act('reject', { afterSaleNo, reason: '再拒一次' })).message).toBe('售后单已拒绝，不能进行此操作');
    const seen = await server.api.get('/member/order/afterSale/page', { token: b.token, query: { status: 'ALL' } });
    expect(seen.data.list[0]).toMatchObject({
      afterSaleNo,
      statusText: '已拒绝',
      rejectReason: '商品已拆封影响二次销售',
    });
    const [logged] = await rows<{ reason: string }>(
      dbOf(server),
      sql`SELECT reason FROM ops_audit_log WHERE action = 'aftersale.reject' AND object_id = ${afterSaleNo}`,
    );
    expect(logged!.reason).toBe('商品已拆封影响二次销售');
  });

  it('receives a returned parcel once: stock back, a return row in the ledger under the after-sale number and the operator', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { stock: 10 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId, 2);
    expect((await ops.post('/ops/order/ship', { orderNo, company: '韵达快递', trackingNo: 'YD100200' })).code).toBe(0);
    const afterSaleNo = await applyAfterSale(server, b.token, await firstItemId(server, b.token, orderNo), {
      type: 'RETURN_REFUND',
      quantity: 2,
      reason: '质量问题',
    });
    expect((await act('receive', { afterSaleNo })).message).toBe('售后单待审核，不能进行此操作');
    await act('approve', { afterSaleNo });
    const mine = await server.api.get('/member/order/afterSale/page', { token: b.token, query: { status: 'ALL' } });
    await server.api.post('/member/order/afterSale/returnLogistics', {
      token: b.token,
      json: { id: mine.data.list[0].id, company: '顺丰速运', trackingNo: 'SF0001' },
    });
    expect(await stockOf(db, g.skuId)).toBe(8);
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    const received = await Promise.all([
      ops.post('/ops/afterSale/receive', { afterSaleNo }, bearer(service.token)),
      ops.post('/ops/afterSale/receive', { afterSaleNo }, bearer(service.token)),
    ]);
    expect(received.map((r) => r.code).sort()).toEqual([0, Code.AFTERSALE_STATE]);
    expect(await stockOf(db, g.skuId)).toBe(10);
    const ledger = await ops.get('/ops/inventory/ledger', { refNo: afterSaleNo });
    expect(ledger.data.list).toEqual([
      expect.objectContaining({
        kind: 'return',
        kindText: '退货入库',
        change: 2,
        stockAfter: 10,
        operator: '测试service',
      }),
    ]);
    // 客服 reviews but may not refund (refund:execute is 财务's)
    expect((await ops.post('/ops/afterSale/refund', { afterSaleNo }, bearer(service.token))).code).toBe(Code.FORBIDDEN);
    expect((await act('refund', { afterSaleNo })).data.status).toBe('COMPLETED');
    expect(await stockOf(db, g.skuId)).toBe(10); // a refund after shipment gives no stock back a second time
    expect(await auditActions(afterSaleNo)).toEqual(['aftersale.approve', 'aftersale.receive', 'aftersale.refund']);
  });

  it('answers missing, malformed and hostile numbers in Chinese on every action', async () => {
    for (const action of ['approve', 'reject', 'receive', 'refund']) {
      expect((await act(action, { afterSaleNo: 'AS20990101000000000000', reason: '原因原因' })).message).toBe(
        '售后单不存在',
      );
      expect((await act(action, { reason: '原因原因' })).message).toBe('请填写售后单号');
      for (const v of HOSTILE_VALUES) {
        const res = await act(action, { afterSaleNo: v, reason: '原因原因' });
        expect(res.code, `${action} ${String(v).slice(0, 20)}`).toBe(Code.BAD_REQUEST);
        expect(res.message).toMatch(/售后单号/);
      }
    }
    expect((await detail('AS1')).message).toBe('售后单不存在');
    expect((await ops.get('/ops/afterSale/detail', { afterSaleNo: "AS1' OR 1=1" })).message).toMatch(
      /售后单号格式不正确/,
    );
  });
});
