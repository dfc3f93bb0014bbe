/**
 * 库存 over HTTP: every stock change is in the ledger with the stock after it (sale, cancel, refund
 * before shipment, received return, adjustment); adjustments are conditional so a sale at the same
 * moment never takes stock below 0; the low-stock list; bad input in Chinese, nothing changed.
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
  buyNow,
  dbOf,
  makeGoods,
  stockOf,
  applyAfterSale,
  consoleCalls,
  firstItemId,
  HOSTILE_VALUES,
  placeOrder,
} from '../../test/kit/index.ts';

const OPS_TOKEN = 'console-inventory-ops-token-0123456789';
let server: TestServer;
let ops: ReturnType<typeof consoleCalls>;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  ops = consoleCalls(server, OPS_TOKEN);
});
afterAll(() => server?.close());

const adjust = (json: unknown, h?: ReturnType<typeof bearer>) => ops.post('/ops/inventory/adjust', json, h);
const ledger = (query: Record<string, string | number>) => ops.get('/ops/inventory/ledger', query);
const brief = (r: any) => ({
  kind: r.kind,
  change: r.change,
  stockAfter: r.stockAfter,
  refNo: r.refNo,
  operator: r.operator,
});

describe('stock ledger', () => {
  it('records a sale, a cancel, a refund before shipment, a received return and an adjustment, each with the stock after it', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { name: '流水测试水杯', stock: 20 });
    const b = await buyer(server.api);

    const cancelled = await placeOrder(server, b, g.skuId, 3, { paid: false }); // sale 20 → 17
    await server.api.post('/member/order/order/cancel', { token: b.token, json: { orderNo: cancelled.orderNo } }); // cancel → 20

    const refunded = await placeOrder(server, b, g.skuId, 2); // sale → 18
    const refundNo = await applyAfterSale(server, b.token, await firstItemId(server, b.token, refunded.orderNo), {
      quantity: 1,
    });
    await ops.post('/ops/afterSale/approve', { afterSaleNo: refundNo });
    await ops.post('/ops/afterSale/refund', { afterSaleNo: refundNo }); // refund before shipment → 19

    const returned = await placeOrder(server, b, g.skuId, 4); // sale → 15
    await ops.post('/ops/order/ship', { orderNo: returned.orderNo, company: '申通快递', trackingNo: 'STO777' });
    const returnNo = await applyAfterSale(server, b.token, await firstItemId(server, b.token, returned.orderNo), {
      type: 'RETURN_REFUND',
      quantity: 2,
      reason: '质量问题',
    });
    await ops.post('/ops/afterSale/approve', { afterSaleNo: returnNo });
    const mine = await server.api.get('/member/order/afterSale/page', {
      token: b.token,
      query: { status: 'PENDING_BUYER_RETURN' },
    });
    await server.api.post('/member/order/afterSale/returnLogistics', {
      token: b.token,
      json: { id: mine.data.list[0].id, company: '申通快递', trackingNo: 'STO888' },
    });
    const operations = await makeOperator(server.api, OPS_TOKEN, 'super_admin');
    await ops.post('/ops/afterSale/receive', { afterSaleNo: returnNo }, bearer(operations.token)); // return → 17
    const adjusted = await adjust(
      { skuId: g.skuId, change: -5, reason: '盘点报损：运输破损' },
      bearer(operations.token),
    ); // → 12
    expect(adjusted).toMatchObject({
      code: 0,
      message: '库存已调整：17 → 12',
      data: { before: 17, after: 12, sku: { stock: 12 } },
    });
    expect(await stockOf(db, g.skuId)).toBe(12);

    const rowsOf = await ledger({ skuId: g.skuId, pageSize: 50 });
    expect(rowsOf.code).toBe(0);
    expect(rowsOf.data.total).toBe(7);
    expect(rowsOf.data.list.map(brief).reverse()).toEqual([
      { kind: 'sale', change: -3, stockAfter: 17, refNo: cancelled.orderNo, operator: '买家' },
      { kind: 'cancel', change: 3, stockAfter: 20, refNo: cancelled.orderNo, operator: '买家' },
      { kind: 'sale', change: -2, stockAfter: 18, refNo: refunded.orderNo, operator: '买家' },
      { kind: 'refund', change: 1, stockAfter: 19, refNo: refunded.orderNo, operator: '运营' },
      { kind: 'sale', change: -4, stockAfter: 15, refNo: returned.orderNo, operator: '买家' },
      { kind: 'return', change: 2, stockAfter: 17, refNo: returnNo, operator: '测试super_admin' },
      { kind: 'adjustment', change: -5, stockAfter: 12, refNo: null, operator: '测试super_admin' },
    ]);
    expect(rowsOf.data.list[0]).toMatchObject({
      goodsName: '流水测试水杯',
      specText: '颜色：黑色',
      kindText: '人工调整',
      reason: '盘点报损：运输破损',
    });
    expect((await ledger({ goodsId: g.goodsId, kind: 'sale' })).data.list.map((r: any) => r.change)).toEqual([
      -4, -2, -3,
    ]);
    expect((await ledger({ refNo: cancelled.orderNo })).data.total).toBe(2);
    const [logged] = await rows<{ changes: unknown; reason: string }>(
      db,
      sql`SELECT changes, reason FROM ops_audit_log WHERE action = 'inventory.adjust' AND object_id = ${String(g.skuId)}`,
    );
    expect(logged).toEqual({ changes: [{ field: 'stock', before: 17, after: 12 }], reason: '盘点报损：运输破损' });
  });

  it('a sweeper cancel is recorded as the system', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { stock: 5 });
    const b = await buyer(server.api);
    const { orderNo } = await placeOrder(server, b, g.skuId, 1, { paid: false });
    const { cancelUnpaid } = await import('../orders/orders.service.ts');
    const [o] = await rows<{ id: string }>(db, sql`SELECT id FROM orders WHERE order_no = ${orderNo}`);
    await db.transaction((tx) => cancelUnpaid(tx, o!.id, 'system', '超时未支付，系统自动取消'));
    const [row] = (await ledger({ refNo: orderNo, kind: 'cancel' })).data.list;
    expect(row).toMatchObject({ change: 1, stockAfter: 5, operator: '系统', reason: '超时未支付，系统自动取消' });
  });
});

describe('adjust', () => {
  it('never takes stock below 0, even with buyers buying at the same moment', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { stock: 6 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => buyer(server.api)));
    const results = await Promise.all([
      ...buyers.map((b) => buyNow(server.api, b, g.skuId, 2)),
      adjust({ skuId: g.skuId, change: -4, reason: '盘点少了四件' }),
      adjust({ skuId: g.skuId, change: -3, reason: '盘点少了三件' }),
    ]);
    const stock = await stockOf(db, g.skuId);
    expect(stock).toBeGreaterThanOrEqual(0);
    const sold = results.slice(0, 4).filter((r) => r.code === 0).length * 2;
    const removed = [-4, -3].filter((_, i) => results[4 + i]!.code === 0).reduce((a, n) => a - n, 0);
    expect(stock).toBe(6 - sold - removed);
    for (const r of results.slice(4).filter((x) => x.code !== 0)) {
      expect(r.code).toBe(Code.OUT_OF_STOCK);
      expect(r.message).toMatch(/^当前库存 \d+ 件，调整后不能小于 0$/);
    }
    // the ledger adds up: every row's change, in order, leads to the stock after it
    const all = (await ledger({ skuId: g.skuId, pageSize: 50 })).data.list.reverse();
    let running = 6;
    for (const r of all) {
      running += r.change;
      expect(r.stockAfter).toBe(running);
    }
    expect(running).toBe(stock);
  });

  it('refuses a result below 0 or above the cap, zero, fractions and missing reasons in Chinese, changing nothing', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { stock: 3 });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ change: -4, reason: '报损四件' }, /^当前库存 3 件，调整后不能小于 0$/],
      [{ change: 0, reason: '没有变化' }, /调整数量不能为 0/],
      [{ change: 1.5, reason: '半件' }, /调整数量必须是整数/],
      [{ change: '2', reason: '字符串数字' }, /^$/], // accepted as 2 (form style): checked below
      [{ change: 'two', reason: '文字' }, /调整数量必须是整数/],
      [{ change: 1_000_001, reason: '太多' }, /调整数量一次不能增加超过 1000000 件/],
      [{ change: -1_000_001, reason: '太多' }, /调整数量一次不能减少超过 1000000 件/],
      [{ change: 1e20, reason: '太多' }, /调整数量一次不能增加超过/],
      [{ change: 1 }, /请填写调整原因/],
      [{ change: 1, reason: '' }, /请填写调整原因/],
      [{ change: 1, reason: '补' }, /调整原因至少 2 个字符/],
      [{ change: 1, reason: '长'.repeat(101) }, /调整原因不能超过 100 个字符/],
      [{ change: 1, reason: ['盘点', '盘点'] }, /调整原因格式不正确/],
      [{ reason: '没有数量' }, /请填写调整数量/],
    ];
    let expected = 3;
    for (const [patch, message] of cases) {
      const res = await adjust({ skuId: g.skuId, ...patch });
      if (patch.change === '2') {
        expect(res.code).toBe(0);
        expected += 2;
        continue;
      }
      expect(res.code, JSON.stringify(patch).slice(0, 60)).not.toBe(0);
      expect(res.message).toMatch(message);
    }
    expect(await stockOf(db, g.skuId)).toBe(expected);
    await db.execute(sql`UPDATE skus SET stock = 99999999 WHERE id = ${g.skuId}`);
    expect((await adjust({ skuId: g.skuId, change: 2, reason: '超过上限' })).message).toBe(
      '调整后库存不能超过 100,000,000 件',
    );
    await db.execute(sql`UPDATE skus SET stock = 2147483000 WHERE id = ${g.skuId}`);
    expect((await adjust({ skuId: g.skuId, change: 1000, reason: '溢出测试' })).message).toBe(
      '调整后库存不能超过 100,000,000 件',
    );
    expect((await adjust({ skuId: 2_147_483_000, change: 1, reason: '不存在' })).message).toBe('商品规格不存在');
    for (const skuId of [undefined, 0, -1, 1.5, 2_147_483_648, ...HOSTILE_VALUES]) {
      const res = await adjust({ skuId, change: 1, reason: '测试原因' });
      expect(res.code, String(skuId).slice(0, 20)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/商品规格/);
    }
    // 客服 may view stock but not adjust it; 运营 may
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    expect((await adjust({ skuId: g.skuId, change: 1, reason: '客服调整' }, bearer(service.token))).code).toBe(
      Code.FORBIDDEN,
    );
    expect((await ops.get('/ops/inventory/lowStock', {}, bearer(service.token))).code).toBe(0);
  });
});

describe('low stock', () => {
  it('lists SKUs at or below the threshold (default 10), fewest first, with goods name, spec and stock', async () => {
    const db = dbOf(server);
    const tag = `低库存${Date.now()}`;
    const g = await makeGoods(db, {
      name: `${tag}背包`,
      skus: [
        { specs: { 颜色: '红' }, priceFen: 100, stock: 10 },
        { specs: { 颜色: '蓝' }, priceFen: 100, stock: 0 },
        { specs: { 颜色: '绿' }, priceFen: 100, stock: 11 },
        { specs: { 颜色: '黑' }, priceFen: 100, stock: 3 },
      ],
    });
    const res = await ops.get('/ops/inventory/lowStock', { keyword: tag });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 3, threshold: 10 });
    expect(res.data.list.map((s: any) => [s.specText, s.stock])).toEqual([
      ['颜色：蓝', 0],
      ['颜色：黑', 3],
      ['颜色：红', 10],
    ]);
    expect(res.data.list[0]).toMatchObject({ goodsId: g.goodsId, goodsName: `${tag}背包`, onShelf: true, price: 100 });
    expect((await ops.get('/ops/inventory/lowStock', { keyword: tag, threshold: 0 })).data.total).toBe(1);
    expect((await ops.get('/ops/inventory/lowStock', { goodsId: g.goodsId, threshold: 100 })).data.total).toBe(4);
    expect(
      (await ops.get('/ops/inventory/lowStock', { keyword: tag, pageSize: 2, pageNum: 2 })).data.list,
    ).toHaveLength(1);
    for (const [query, message] of [
      [{ threshold: -1 }, /库存阈值不能小于 0/],
      [{ threshold: 'ten' }, /库存阈值必须是整数/],
      [{ threshold: 100_000_001 }, /库存阈值不能大于/],
      [{ keyword: 'k'.repeat(51) }, /商品名称不能超过 50 个字符/],
      [{ goodsId: "1' OR '1'='1" }, /商品编号/],
      [{ onShelf: 'maybe' }, /上架状态/],
    ] as const) {
      const r = await ops.get('/ops/inventory/lowStock', query as Record<string, string | number>);
      expect(r.code, JSON.stringify(query)).toBe(Code.BAD_REQUEST);
      expect(r.message).toMatch(message);
    }
  });

  it('refuses bad ledger filters in Chinese', async () => {
    for (const [query, message] of [
      [{ kind: 'theft' }, /变动类型/],
      [{ skuId: 0 }, /商品规格/],
      [{ goodsId: -5 }, /商品编号/],
      [{ refNo: "x' OR 1=1" }, /单号格式不正确/],
      [{ refNo: '1'.repeat(41) }, /单号不能超过 40 个字符/],
    ] as const) {
      const r = await ledger(query as Record<string, string | number>);
      expect(r.code, JSON.stringify(query)).toBe(Code.BAD_REQUEST);
      expect(r.message).toMatch(message);
    }
  });
});
