import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import {
  HOSTILE_VALUES,
  asOps,
  bearer,
  dbOf,
  expectRefusal,
  makeGoods,
  makeOperator,
  startTestServer,
  stockOf,
  type TestServer,
} from '../../test/kit/index.ts';
import { endDue } from './activities-ops.ts';

/**
 * The console's 秒杀/活动 over HTTP: drafts, 排期 taking a 秒杀's units out of the goods' stock (and
 * refusing a shortfall or an overlap), 取消 before the start and the end giving them back; bad input
 * refused in Chinese with nothing changed.
 */
const OPS_TOKEN = 'ops-activities-token-0123456789abcdef';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const ops = (path: string, json: unknown) => server.api.post(`/ops/promotion/activity/${path}`, { json, ...asOps(OPS_TOKEN) });
const opsGet = (path: string, query: Record<string, string | number>) =>
  server.api.get(`/ops/promotion/activity/${path}`, { query, ...asOps(OPS_TOKEN) });
const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();

function flash(skus: { skuId: number; priceFen?: number; stock?: number }[], extra: Record<string, unknown> = {}) {
  return {
    kind: 'FLASH_SALE',
    title: '十点秒杀',
    startsAt: inMinutes(60),
    endsAt: inMinutes(180),
    perMemberLimit: 2,
    skus: skus.map((s) => ({ priceFen: 990, stock: 10, ...s })),
    ...extra,
  };
}
async function ledgerRows(skuId: number) {
  return rows<{ kind: string; change: number; ref_no: string }>(
    db(),
    sql`SELECT kind, change, ref_no FROM stock_ledger WHERE sku_id = ${skuId} ORDER BY id`,
  );
}
const activityCount = async () => (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM activities`))[0]!.n;

describe('秒杀 in the console', () => {
  test('a draft reserves nothing; 排期 takes its units from the goods’ stock; 取消 before the start gives them back', async () => {
    const a = await makeGoods(db(), { priceFen: 5900, stock: 50 });
    const b = await makeGoods(db(), { priceFen: 12900, stock: 30 });
    const made = await ops('create', flash([{ skuId: a.skuId, priceFen: 1990, stock: 20 }, { skuId: b.skuId, priceFen: 6900, stock: 5 }]));
    expect(made).toMatchObject({ code: 0, message: '活动已创建（草稿），排期后生效' });
    expect(made.data).toMatchObject({
      kind: 'FLASH_SALE',
      kindText: '秒杀',
      status: 'DRAFT',
      statusText: '草稿',
      perMemberLimit: 2,
      actions: ['update', 'schedule', 'cancel'],
    });
    expect(made.data.skus[0]).toMatchObject({ skuId: a.skuId, usualPriceFen: 5900, activityPriceFen: 1990, stock: 20, sold: 0, goodsStock: 50 });
    expect(await stockOf(db(), a.skuId)).toBe(50);
    const id = made.data.id as number;

    const edited = await ops('update', { id, ...flash([{ skuId: a.skuId, priceFen: 1990, stock: 25 }, { skuId: b.skuId, priceFen: 6900, stock: 5 }], { title: '早场秒杀' }) });
    expect(edited.data).toMatchObject({ title: '早场秒杀' });

    const scheduled = await ops('schedule', { id });
    expect(scheduled).toMatchObject({ code: 0, message: '已排期，秒杀库存已从商品库存中锁定' });
    expect(scheduled.data).toMatchObject({ status: 'SCHEDULED', phase: 'UPCOMING', phaseText: '即将开始', actions: ['cancel'] });
    expect(await stockOf(db(), a.skuId)).toBe(25);
    expect(await stockOf(db(), b.skuId)).toBe(25);
    expect(await ledgerRows(a.skuId)).toEqual([{ kind: 'activity_reserve', change: -25, ref_no: `ACT${id}` }]);

    expect(await ops('schedule', { id })).toMatchObject({ code: Code.ACTIVITY_STATE, message: '该活动已排期，不能进行此操作' });
    expect(await ops('update', { id, ...flash([{ skuId: a.skuId }]) })).toMatchObject({ code: Code.ACTIVITY_STATE, message: '该活动已排期，不能修改' });

    const cancelled = await ops('cancel', { id });
    expect(cancelled.data).toMatchObject({ status: 'CANCELLED', phase: 'ENDED', actions: [] });
    expect(cancelled.data.skus[0]).toMatchObject({ stock: 0, returned: 25 });
    expect(await stockOf(db(), a.skuId)).toBe(50);
    expect(await stockOf(db(), b.skuId)).toBe(30);
    expect((await ledgerRows(a.skuId)).map((r) => r.kind)).toEqual(['activity_reserve', 'activity_release']);
    expect(await ops('cancel', { id })).toMatchObject({ code: Code.ACTIVITY_STATE, message: '该活动已取消，不能进行此操作' });
  });

  test('排期 refuses a shortfall (naming the goods) and an overlapping activity; nothing changes', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 8 });
    const short = await ops('create', flash([{ skuId: g.skuId, stock: 9 }]));
    const refused = await ops('schedule', { id: short.data.id });
    expect(refused.code).toBe(Code.ACTIVITY_STOCK_SHORT);
    expect(refused.message).toMatch(/^“测试商品.*”库存不足（剩 8 件），不能锁定 9 件秒杀库存$/);
    expect(await stockOf(db(), g.skuId)).toBe(8);
    expect((await opsGet('detail', { id: short.data.id })).data.status).toBe('DRAFT');

    const first = await ops('create', flash([{ skuId: g.skuId, stock: 3 }], { startsAt: inMinutes(60), endsAt: inMinutes(120) }));
    expect((await ops('schedule', { id: first.data.id })).code).toBe(0);
    const clash = await ops('create', flash([{ skuId: g.skuId, stock: 3 }], { title: '重叠场', startsAt: inMinutes(90), endsAt: inMinutes(150) }));
    expect(await ops('schedule', { id: clash.data.id })).toMatchObject({
      code: Code.ACTIVITY_OVERLAP,
      message: '所选商品规格已在同一时段的活动「十点秒杀」中',
    });
    expect(await stockOf(db(), g.skuId)).toBe(5);
    const later = await ops('create', flash([{ skuId: g.skuId, stock: 3 }], { title: '晚场', startsAt: inMinutes(120), endsAt: inMinutes(180) }));
    expect((await ops('schedule', { id: later.data.id })).code).toBe(0);
    expect(await stockOf(db(), g.skuId)).toBe(2);
  });

  test('two simultaneous 排期 of one activity take its units once', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const made = await ops('create', flash([{ skuId: g.skuId, stock: 10 }]));
    const results = await Promise.all([ops('schedule', { id: made.data.id }), ops('schedule', { id: made.data.id })]);
    expect(results.map((r) => r.code).sort()).toEqual([0, Code.ACTIVITY_STATE]);
    expect(await stockOf(db(), g.skuId)).toBe(10);
  });

  test('the end gives the unsold units back once; a started activity cannot be cancelled', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const made = await ops('create', flash([{ skuId: g.skuId, stock: 6 }], { startsAt: inMinutes(-1), endsAt: inMinutes(30) }));
    const id = made.data.id as number;
    expect((await ops('schedule', { id })).data).toMatchObject({ phase: 'RUNNING', phaseText: '进行中', actions: [] });
    expect(await ops('cancel', { id })).toMatchObject({ code: Code.ACTIVITY_STATE, message: '活动已开始，不能取消' });
    expect(await stockOf(db(), g.skuId)).toBe(14);

    const ctx = server.running.app.ctx;
    expect(await endDue(ctx, new Date(Date.now() + 10 * MINUTE))).toBe(0);
    const after = new Date(Date.now() + 31 * MINUTE);
    const [x, y] = await Promise.all([endDue(ctx, after), endDue(ctx, after)]);
    expect(x + y).toBeGreaterThanOrEqual(1);
    const ended = (await opsGet('detail', { id })).data;
    expect(ended).toMatchObject({ status: 'ENDED', statusText: '已结束' });
    expect(ended.skus[0]).toMatchObject({ stock: 0, returned: 6 });
    expect(await stockOf(db(), g.skuId)).toBe(20);
    expect((await ledgerRows(g.skuId)).map((r) => r.kind)).toEqual(['activity_reserve', 'activity_release']);
  });
});

describe('限时折扣 in the console', () => {
  test('by percent or price; scheduling takes no stock; the list filters by kind and status', async () => {
    const g = await makeGoods(db(), { priceFen: 999, stock: 7 });
    const h = await makeGoods(db(), { priceFen: 5000, stock: 7 });
    const made = await ops('create', {
      kind: 'TIME_DISCOUNT',
      title: '周末限时折扣',
      startsAt: inMinutes(-5),
      endsAt: inMinutes(600),
      skus: [
        { skuId: g.skuId, percent: 85 },
        { skuId: h.skuId, priceFen: 3900 },
      ],
    });
    expect(made.code, made.message).toBe(0);
    expect(made.data.skus.map((s: { activityPriceFen: number }) => s.activityPriceFen)).toEqual([849, 3900]);
    const id = made.data.id as number;
    expect((await ops('schedule', { id })).data).toMatchObject({ status: 'SCHEDULED', phase: 'RUNNING' });
    expect(await stockOf(db(), g.skuId)).toBe(7);
    const page = await opsGet('page', { kind: 'TIME_DISCOUNT', status: 'SCHEDULED' });
    expect(page.data.list.map((a: { id: number }) => a.id)).toContain(id);
    expect(page.data.list.every((a: { kind: string; status: string }) => a.kind === 'TIME_DISCOUNT' && a.status === 'SCHEDULED')).toBe(true);
  });
});

describe('bad input', () => {
  test('is refused in Chinese and creates nothing', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 50 });
    const before = await activityCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...flash([{ skuId: g.skuId }]), kind: undefined }, /请选择活动类型/],
      [{ ...flash([{ skuId: g.skuId }]), kind: 'GROUP_BUY' }, /活动类型取值不正确/],
      [{ ...flash([{ skuId: g.skuId }]), title: '' }, /活动名称/],
      [{ ...flash([{ skuId: g.skuId }]), title: '秒'.repeat(31) }, /活动名称/],
      [{ ...flash([{ skuId: g.skuId }]), startsAt: 'tomorrow' }, /开始时间格式不正确/],
      [{ ...flash([{ skuId: g.skuId }]), endsAt: inMinutes(30) }, /结束时间须晚于开始时间/],
      [{ ...flash([{ skuId: g.skuId }]), endsAt: inMinutes(60 * 24 * 40) }, /活动时长不能超过 31 天/],
      [{ ...flash([{ skuId: g.skuId }]), perMemberLimit: -1 }, /每人限购不能小于 0/],
      [{ ...flash([{ skuId: g.skuId }]), perMemberLimit: 1.5 }, /每人限购必须是整数/],
      [{ ...flash([]) }, /请添加活动商品/],
      [flash([{ skuId: g.skuId }, { skuId: g.skuId }]), /活动商品规格有重复/],
      [flash(Array.from({ length: 51 }, (_, i) => ({ skuId: i + 1 }))), /一个活动最多 50 个商品规格/],
      [flash([{ skuId: g.skuId, priceFen: 0 }]), /请填写秒杀价/],
      [flash([{ skuId: g.skuId, priceFen: -1 }]), /活动价/],
      [flash([{ skuId: g.skuId, stock: 0 }]), /秒杀库存至少 1 件/],
      [flash([{ skuId: g.skuId, stock: 100_001 }]), /活动库存不能大于 100000/],
      [flash([{ skuId: g.skuId, priceFen: 5900 }]), /活动价须低于原价 ¥59.00/],
      [flash([{ skuId: 999_999_999 }]), /第 1 个活动商品的规格不存在/],
      [{ kind: 'TIME_DISCOUNT', title: '折扣', startsAt: inMinutes(1), endsAt: inMinutes(60), skus: [{ skuId: g.skuId }] }, /请填写折扣价或折扣（二选一）/],
      [{ kind: 'TIME_DISCOUNT', title: '折扣', startsAt: inMinutes(1), endsAt: inMinutes(60), skus: [{ skuId: g.skuId, percent: 100 }] }, /折扣须在 0.1–9.9 折之间/],
      [{ ...flash([{ skuId: g.skuId }]), skus: 'all' }, /活动商品格式不正确/],
      ...HOSTILE_VALUES.filter((v) => typeof v !== 'string' || v.length > 30 || v.includes('\u0000')).map(
        (v): [Record<string, unknown>, RegExp] => [{ ...flash([{ skuId: g.skuId }]), title: v }, /活动名称/],
      ),
      ...HOSTILE_VALUES.map((v): [Record<string, unknown>, RegExp] => [flash([{ skuId: v as unknown as number }]), /商品规格|活动商品/]),
    ];
    for (const [body, message] of cases) {
      const res = await ops('create', body);
      expect(res.code, JSON.stringify(body).slice(0, 120)).not.toBe(0);
      expect(res.message).toMatch(message);
    }
    for (const id of [0, -1, 'abc', 1.5, 2 ** 31, "1' OR '1'='1"]) {
      expect((await ops('schedule', { id })).message).toMatch(/活动/);
      expect((await opsGet('detail', { id })).message).toMatch(/活动/);
    }
    expect(await ops('schedule', { id: 999_999 })).toMatchObject({ message: '活动不存在' });
    expect(await activityCount()).toBe(before);
    expect(await stockOf(db(), g.skuId)).toBe(50);
    // Injection-shaped names are only text: kept as typed.
    const odd = await ops('create', { ...flash([{ skuId: g.skuId }]), title: "' OR '1'='1" });
    expect((await opsGet('detail', { id: odd.data.id })).data.title).toBe("' OR '1'='1");
  });

  test('needs promotion:edit (客服 is refused)', async () => {
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    expectRefusal(await server.api.get('/ops/promotion/activity/page', bearer(service.token)), Code.FORBIDDEN);
    expectRefusal(await server.api.post('/ops/promotion/activity/schedule', { json: { id: 1 }, ...bearer(service.token) }), Code.FORBIDDEN);
  });
});
