/**
 * The console's 订单 over HTTP: list with counts per status and filters, detail (payment, after-sales,
 * full address), ship with a carrier (a race of five ships ships once; cancelled and closed orders
 * are refused), the operators' remark, and the CSV export (BOM, Chinese headers, formula cells
 * neutralised, a bound on rows). Bad input answers in Chinese naming the field and changes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIERS, Code } from '@mall/shared';
import { rows } from '../lib/db.ts';
import {
  startTestServer,
  type TestServer,
  bearer,
  makeOperator,
  buyer,
  dbOf,
  makeGoods,
  applyAfterSale,
  consoleCalls,
  firstItemId,
  HOSTILE_VALUES,
  placeOrder,
} from '../test/kit/index.ts';

const OPS_TOKEN = 'console-orders-ops-token-0123456789';
let server: TestServer;
let ops: ReturnType<typeof consoleCalls>;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  ops = consoleCalls(server, OPS_TOKEN);
});
afterAll(() => server?.close());

const list = (query: Record<string, string | number>) => ops.get('/ops/order/list', query);
const detail = (orderNo: string) => ops.get('/ops/order/detail', { orderNo });
const ship = (orderNo: string, company = '顺丰速运', trackingNo = 'SF1234567890') =>
  ops.post('/ops/order/ship', { orderNo, company, trackingNo });
const auditOf = async (action: string, objectId: string) =>
  rows<{ action: string; changes: unknown; reason: string | null; operator_name: string }>(
    dbOf(server),
    sql`SELECT action, changes, reason, operator_name FROM ops_audit_log WHERE action = ${action} AND object_id = ${objectId} ORDER BY id`,
  );

async function exportCsv(
  query: Record<string, string>,
  headers: Record<string, string> = { 'x-ops-token': OPS_TOKEN },
) {
  const res = await fetch(`${server.url}/ops/order/export?${new URLSearchParams(query)}`, { headers });
  // decoded keeping the byte-order mark (fetch's text() would drop it)
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}

/** Splits our CSV (every cell quoted, CRLF) back into cells. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return out;
}

describe('order list', () => {
  it('lists by status with a count per status (已关闭 included) under the same filters, and filters by keyword, dates and payment method', async () => {
    const db = dbOf(server);
    const tag = `列表${Date.now()}`;
    const g = await makeGoods(db, { name: `${tag}保温杯`, priceFen: 3900, stock: 50 });
    const b = await buyer(server.api);
    const unpaid = await placeOrder(server, b, g.skuId, 1, { paid: false });
    const paid = await placeOrder(server, b, g.skuId, 2);
    const shipped = await placeOrder(server, b, g.skuId, 1);
    expect((await ship(shipped.orderNo)).code).toBe(0);

    const all = await list({ keyword: tag });
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(3);
    expect(all.data.counts).toEqual({
      ALL: 3,
      PENDING_PAYMENT: 1,
      PENDING_SHIPMENT: 1,
      PENDING_RECEIPT: 1,
      COMPLETED: 0,
      CANCELLED: 0,
      CLOSED: 0,
    });
    const waiting = await list({ keyword: tag, status: 'PENDING_SHIPMENT' });
    expect(waiting.data.list.map((o: any) => o.orderNo)).toEqual([paid.orderNo]);
    expect(waiting.data.counts.ALL).toBe(3); // the tabs keep their counts while one is open
    const row = waiting.data.list[0];
    expect(row).toMatchObject({
      status: 'PENDING_SHIPMENT',
      statusText: '待发货',
      paymentMethod: 'sandbox',
      paymentMethodText: '模拟支付',
      goodsAmount: 7800,
      payableAmount: paid.payableAmount,
      paidAmount: paid.payableAmount,
      totalQuantity: 2,
      opsRemark: '',
      afterSaleOpen: false,
      address: { receiverName: '张三', mobile: '138****8000' },
    });
    expect(JSON.stringify(waiting.data)).not.toContain('13800138000');

    expect((await list({ keyword: paid.orderNo })).data.list.map((o: any) => o.orderNo)).toEqual([paid.orderNo]);
    expect((await list({ keyword: tag, paymentMethod: 'sandbox' })).data.total).toBe(2);
    expect((await list({ keyword: tag, paymentMethod: 'alipay' })).data.total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ keyword: tag, dateFrom: today, dateTo: today })).data.total).toBe(3);
    expect((await list({ keyword: tag, dateFrom: '2001-01-01', dateTo: '2001-12-31' })).data.total).toBe(0);
    expect((await list({ keyword: tag, status: 'PENDING_PAYMENT' })).data.list[0].orderNo).toBe(unpaid.orderNo);
    // LIKE wildcards are text, not patterns
    expect(
      (await list({ keyword: '%' })).data.list.every((o: any) => o.items.some((i: any) => i.name.includes('%'))),
    ).toBe(true);
  });

  it('refuses bad filters in Chinese, naming the field', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ status: 'SHIPPED' }, /订单状态/],
      [{ status: "ALL' OR 1=1" }, /订单状态/],
      [{ keyword: 'x'.repeat(51) }, /搜索关键词不能超过 50 个字符/],
      [{ dateFrom: '2026/01/01' }, /开始日期格式应为 YYYY-MM-DD/],
      [{ dateFrom: '2026-02-30' }, /开始日期不是有效的日期/],
      [{ dateTo: '1999-12-31' }, /结束日期不是有效的日期/],
      [{ dateFrom: '2026-03-02', dateTo: '2026-03-01' }, /开始日期不能晚于结束日期/],
      [{ paymentMethod: 'wechat' }, /支付方式/],
      [{ pageNum: 0 }, /页码/],
      [{ pageNum: -1 }, /页码/],
      [{ pageSize: 51 }, /每页条数/],
      [{ pageSize: '1.5' }, /每页条数/],
      [{ pageNum: '99999999999999999999' }, /页码/],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.code, JSON.stringify(query)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
  });
});

describe('order detail', () => {
  it('shows the timeline, lines with refunded quantities and their after-sales, amounts, the full address, the payment and its trade number', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { name: '详情测试台灯', priceFen: 12900, stock: 10 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId, 2);
    const itemId = await firstItemId(server, b.token, orderNo);
    const afterSaleNo = await applyAfterSale(server, b.token, itemId, { quantity: 1 });
    expect((await ops.post('/ops/afterSale/approve', { afterSaleNo })).code).toBe(0);
    expect((await ops.post('/ops/afterSale/refund', { afterSaleNo })).code).toBe(0);

    const d = await detail(orderNo);
    expect(d.code).toBe(0);
    expect(d.data).toMatchObject({
      orderNo,
      status: 'PENDING_SHIPMENT',
      canShip: true,
      goodsAmount: 25800,
      payableAmount: 25800,
      paidAmount: 25800,
      address: { receiverName: '张三', mobile: '13800138000', fullAddress: expect.stringContaining('朝阳区') },
      payment: {
        provider: 'sandbox',
        providerText: '模拟支付',
        status: 'SUCCESS',
        amount: 25800,
        tradeNo: expect.any(String),
      },
      afterSales: [{ afterSaleNo, status: 'COMPLETED', statusText: '已完成', quantity: 1, refundAmount: 12900 }],
    });
    expect(d.data.payment.paidAt).toMatch(/Z$/);
    expect(d.data.items[0]).toMatchObject({
      quantity: 2,
      refundedQuantity: 1,
      refundedAmount: 12900,
      afterSales: [{ afterSaleNo }],
    });
    expect(d.data.timeline.map((e: any) => e.title)).toEqual(['订单已提交', '付款成功', '退款成功']);
    expect(d.data.timeline[1]).toMatchObject({ actorText: '支付平台', toStatusText: '待发货' });
  });

  it('answers a missing or malformed order number in Chinese', async () => {
    expect((await detail('20990101000000000000')).message).toBe('订单不存在');
    expect((await detail('abc')).message).toBe('订单不存在');
    expect((await ops.get('/ops/order/detail')).message).toBe('请填写订单号');
    expect((await detail('9'.repeat(41))).message).toBe('订单号不能超过 40 个字符');
  });
});

describe('ship', () => {
  it('ships with a carrier of the list once: five concurrent ships make one 已发货, the rest are refused; the audit log has it', async () => {
    const g = await makeGoods(dbOf(server), { stock: 10 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => ship(orderNo, '中通快递', `ZT0000${i}`)));
    const okOnes = results.filter((r) => r.code === 0);
    expect(okOnes).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 0)) {
      expect(r.code).toBe(Code.ORDER_STATE);
      expect(r.message).toMatch(/订单待收货，不能进行此操作|订单状态已变化/);
    }
    const d = await detail(orderNo);
    expect(d.data).toMatchObject({ status: 'PENDING_RECEIPT', canShip: false, logistics: { company: '中通快递' } });
    expect(d.data.timeline.filter((e: any) => e.type === 'ship')).toHaveLength(1);
    const buyerView = await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo } });
    expect(buyerView.data.logistics).toMatchObject({
      company: '中通快递',
      trackingNo: okOnes[0]!.data.logistics.trackingNo,
    });
    const logged = await auditOf('order.ship', orderNo);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.changes).toEqual(
      expect.arrayContaining([{ field: 'status', before: 'PENDING_SHIPMENT', after: 'PENDING_RECEIPT' }]),
    );
  });

  it('refuses an unpaid, a cancelled and a closed order (the state table), and bad input, changing nothing', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { stock: 10 });
    const b = await buyer(server.api);
    const unpaid = await placeOrder(server, b, g.skuId, 1, { paid: false });
    expect((await ship(unpaid.orderNo)).message).toBe('订单待付款，不能进行此操作');
    await server.api.post('/member/order/order/cancel', { token: b.token, json: { orderNo: unpaid.orderNo } });
    expect((await ship(unpaid.orderNo)).message).toBe('订单已取消，不能进行此操作');

    const paid = await placeOrder(server, b, g.skuId, 1);
    const afterSaleNo = await applyAfterSale(server, b.token, await firstItemId(server, b.token, paid.orderNo));
    await ops.post('/ops/afterSale/approve', { afterSaleNo });
    await ops.post('/ops/afterSale/refund', { afterSaleNo });
    expect((await detail(paid.orderNo)).data.status).toBe('CLOSED');
    expect((await ship(paid.orderNo)).message).toBe('订单已关闭，不能进行此操作');

    const open = await placeOrder(server, b, g.skuId, 1);
    const body = { orderNo: open.orderNo, company: '圆通速递', trackingNo: 'YT123456789' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ company: undefined }, /请填写物流公司/],
      [{ company: '' }, /请填写物流公司/],
      [{ company: '火星快递' }, /请从列表中选择物流公司/],
      [{ company: 12 }, /物流公司格式不正确/],
      [{ trackingNo: undefined }, /请填写物流单号/],
      [{ trackingNo: 'SF 12<script>' }, /物流单号只能包含字母、数字和短横线/],
      [{ trackingNo: "1' OR '1'='1" }, /物流单号只能包含字母、数字和短横线/],
      [{ trackingNo: '顺丰１２３' }, /物流单号只能包含字母、数字和短横线/],
      [{ trackingNo: '9'.repeat(41) }, /物流单号不能超过 40 个字符/],
      [{ trackingNo: -1 }, /物流单号格式不正确/],
      [{ orderNo: undefined }, /请填写订单号/],
      [{ orderNo: ['1'] }, /订单号格式不正确/],
    ];
    for (const [patch, message] of cases) {
      const res = await ops.post('/ops/order/ship', { ...body, ...patch });
      expect(res.code, JSON.stringify(patch)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    expect((await detail(open.orderNo)).data.status).toBe('PENDING_SHIPMENT');
    expect((await ops.post('/ops/order/ship', body)).code).toBe(0);
  });

  it('ships with carriers of the shared list (the buyer sees the name)', async () => {
    const g = await makeGoods(dbOf(server), { stock: 30 });
    const b = await buyer(server.api);
    for (const c of CARRIERS.slice(0, 3)) {
      const { orderNo } = await placeOrder(server, b, g.skuId);
      expect((await ship(orderNo, c.name, `${c.code}-0001`)).data.logistics.company).toBe(c.name);
    }
  });
});

describe('operator remark', () => {
  it('saves, replaces and clears the remark (never shown to the buyer), with who and when, audited with before → after', async () => {
    const g = await makeGoods(dbOf(server), { stock: 10 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId);
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    const remark = (json: unknown, h = bearer(service.token)) => ops.post('/ops/order/remark', json, h);

    const first = await remark({ orderNo, remark: '  买家来电：周末送货  ' });
    expect(first).toMatchObject({ code: 0, message: '备注已保存', data: { opsRemark: '买家来电：周末送货' } });
    let d = await detail(orderNo);
    expect(d.data).toMatchObject({ opsRemark: '买家来电：周末送货', opsRemarkBy: '测试service' });
    expect(d.data.opsRemarkAt).toMatch(/Z$/);
    expect((await list({ keyword: orderNo })).data.list[0].opsRemark).toBe('买家来电：周末送货');
    const buyerView = await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo } });
    expect(JSON.stringify(buyerView.data)).not.toContain('周末送货');

    await remark({ orderNo, remark: '<b>加急</b>' });
    expect((await remark({ orderNo, remark: '' })).message).toBe('备注已清除');
    d = await detail(orderNo);
    expect(d.data.opsRemark).toBe('');
    const logged = await auditOf('order.remark', orderNo);
    expect(logged.map((l) => l.changes)).toEqual([
      [{ field: 'opsRemark', before: '', after: '买家来电：周末送货' }],
      [{ field: 'opsRemark', before: '买家来电：周末送货', after: '<b>加急</b>' }],
      [{ field: 'opsRemark', before: '<b>加急</b>', after: '' }],
    ]);
    expect(logged[0]!.operator_name).toBe(service.username);

    // 财务 has no order:remark
    const finance = await makeOperator(server.api, OPS_TOKEN, 'finance');
    expect((await remark({ orderNo, remark: 'x' }, bearer(finance.token))).code).toBe(Code.FORBIDDEN);
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const g = await makeGoods(dbOf(server), { stock: 10 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ orderNo }, /请填写备注/],
      [{ orderNo, remark: 'x'.repeat(201) }, /备注不能超过 200 个字符/],
      [{ orderNo, remark: 'a\u0000b' }, /备注含有不允许的字符/],
      [{ orderNo, remark: 42 }, /备注格式不正确/],
      [{ orderNo, remark: ['a'] }, /备注格式不正确/],
      [{ remark: 'x' }, /请填写订单号/],
    ];
    for (const [body, message] of cases) {
      const res = await ops.post('/ops/order/remark', body);
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    expect((await ops.post('/ops/order/remark', { orderNo: '20990101000000000000', remark: 'x' })).message).toBe(
      '订单不存在',
    );
    expect((await detail(orderNo)).data.opsRemark).toBe('');
  });
});

describe('CSV export', () => {
  it('exports the filtered list as UTF-8 CSV with BOM and Chinese headers; formula-looking cells are neutralised', async () => {
    const db = dbOf(server);
    const tag = `导出${Date.now()}`;
    const b = await buyer(server.api);
    const names = ['=HYPERLINK("x")', '+1', '-1', '@SUM(A1)', '\tTAB', ' =1+1'];
    const orderNos: string[] = [];
    for (const name of names) {
      const g = await makeGoods(db, { name: `${name}`, priceFen: 1234, stock: 5 });
      const { orderNo } = await placeOrder(server, b, g.skuId);
      orderNos.push(orderNo);
    }
    const g = await makeGoods(db, { name: `${tag}，带"引号"的商品`, priceFen: 100, stock: 5 });
    const plain = await placeOrder(server, b, g.skuId);
    await ops.post('/ops/order/remark', { orderNo: plain.orderNo, remark: '=cmd|" /C calc"!A0' });

    const { res, text } = await exportCsv({ status: 'PENDING_SHIPMENT' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{8}-\d{4}\.csv"; filename\*=UTF-8''/,
    );
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const table = parseCsv(text.slice(1));
    expect(table[0]!.slice(0, 4)).toEqual(['订单号', '下单时间', '订单状态', '商品']);
    expect(table[0]).toContain('运营备注');
    const byNo = new Map(table.slice(1).map((r) => [r[0]!.trim(), r]));
    for (const [i, name] of names.entries()) {
      const goodsCell = byNo.get(orderNos[i]!)![3]!;
      expect(goodsCell, name).toBe(`'${name}（颜色：黑色） ×1`);
    }
    const plainRow = byNo.get(plain.orderNo)!;
    expect(plainRow[3]).toBe(`${tag}，带"引号"的商品（颜色：黑色） ×1`);
    expect(plainRow[plainRow.length - 1]).toBe(`'=cmd|" /C calc"!A0`);
    expect(plainRow[0]).toBe(`${plain.orderNo}\t`); // stays text in a spreadsheet
    expect(plainRow[6]).toBe('1.00'); // 商品金额（元）
    expect(plainRow[10]).toBe((plain.payableAmount / 100).toFixed(2)); // 实付金额（元）
    expect(plainRow[14]).toBe('138****8000');
    // every raw cell is quoted, so no line of the file starts a formula
    for (const line of text.slice(1).split('\r\n').filter(Boolean)) expect(line.startsWith('"')).toBe(true);

    const filtered = await exportCsv({ keyword: tag });
    expect(parseCsv(filtered.text.slice(1))).toHaveLength(2);
    const [logged] = await rows<{ reason: string }>(
      db,
      sql`SELECT reason FROM ops_audit_log WHERE action = 'order.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged!.reason).toBe(`导出 1 个订单（关键词：${tag}）`);
  });

  it('needs export:data (财务 yes, 客服 no) and refuses bad filters in Chinese', async () => {
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    const finance = await makeOperator(server.api, OPS_TOKEN, 'finance');
    const refused = await exportCsv({}, bearer(service.token).headers!);
    expect(JSON.parse(refused.text)).toMatchObject({ code: Code.FORBIDDEN });
    expect(
      (await exportCsv({ keyword: 'nothing-matches-this' }, bearer(finance.token).headers!)).res.headers.get(
        'content-type',
      ),
    ).toMatch(/csv/);
    for (const [query, message] of [
      [{ status: 'NOPE' }, /订单状态/],
      [{ dateFrom: '2026-13-01' }, /开始日期/],
      [{ keyword: 'k'.repeat(51) }, /搜索关键词/],
    ] as const) {
      const { text } = await exportCsv(query as Record<string, string>);
      expect(JSON.parse(text)).toMatchObject({ code: Code.BAD_REQUEST, message: expect.stringMatching(message) });
    }
  });

  it('refuses more than 10,000 orders with a Chinese message (narrow the filter)', async () => {
    const db = dbOf(server);
    const [member] = await rows<{ member_id: string; address: unknown }>(
      db,
      sql`SELECT member_id, address FROM orders LIMIT 1`,
    );
    await db.execute(sql`
      INSERT INTO orders (order_no, member_id, status, address, idempotency_key, pay_deadline, created_at)
      SELECT '2031' || lpad(n::text, 16, '0'), ${member!.member_id}, 'CANCELLED', ${JSON.stringify(member!.address)}::jsonb,
             'bulk-' || n, now(), timestamptz '2031-01-01 12:00:00+08'
      FROM generate_series(1, 10001) AS n`);
    const { res, text } = await exportCsv({ dateFrom: '2031-01-01', dateTo: '2031-01-01' });
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(JSON.parse(text)).toMatchObject({
      code: Code.BAD_REQUEST,
      message: '符合条件的订单有 10,001 个，超过单次导出上限 10,000 个，请缩小日期范围或增加筛选条件后再导出',
    });
    const counted = await list({ dateFrom: '2031-01-01', dateTo: '2031-01-01', pageSize: 1 });
    expect(counted.data).toMatchObject({ total: 10001, counts: { CANCELLED: 10001, ALL: 10001 } });
    await db.execute(sql`DELETE FROM orders WHERE idempotency_key LIKE 'bulk-%'`);
    const ok = await exportCsv({ dateFrom: '2031-01-01', dateTo: '2031-01-01' });
    expect(parseCsv(ok.text.slice(1))).toHaveLength(1);
  }, 60_000);
});

describe('hostile values', () => {
  it('never reach SQL as text: every endpoint answers them with a Chinese 400 or not-found', async () => {
    for (const v of HOSTILE_VALUES) {
      for (const res of [
        await ops.post('/ops/order/ship', { orderNo: v, company: '顺丰速运', trackingNo: 'SF1' }),
        await ops.post('/ops/order/remark', { orderNo: v, remark: 'x' }),
      ]) {
        expect([Code.BAD_REQUEST, Code.NOT_FOUND]).toContain(res.code);
        expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });
});
