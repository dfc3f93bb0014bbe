import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import {
  HOSTILE,
  asOps,
  bearer,
  dbOf,
  expectRefusal,
  makeGoods,
  makeOperator,
  memberIdOf,
  registeredMember,
  setOnShelf,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import * as mallRepo from './points-mall.repo.ts';
import { pointsState } from './points-test-kit.ts';

const OPS_TOKEN = 'ops-token-for-points-mall-tests-0123456789';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server?.close());

const ops = (path: string, json: unknown) => server.api.post(`/ops/points/${path}`, { json, ...asOps(OPS_TOKEN) });
const opsGet = (path: string, query: Record<string, string | number> = {}) =>
  server.api.get(`/ops/points/${path}`, { query, ...asOps(OPS_TOKEN) });
const page = (query: Record<string, string | number> = {}) => server.api.get('/member/points/mall/page', { query });
const detail = (id: number | string) => server.api.get('/member/points/mall/detail', { query: { id } });

async function mallCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(dbOf(server), sql`SELECT count(*)::int AS n FROM points_mall_goods`);
  return row!.n;
}

async function offer(extra: Record<string, unknown> = {}, goods: { priceFen?: number } = {}) {
  const g = await makeGoods(dbOf(server), { priceFen: goods.priceFen ?? 5900, stock: 50 });
  const res = await ops('mall/create', { skuId: g.skuId, category: '数码', pointsPrice: 1000, stock: 10, ...extra });
  expect(res.code, res.message).toBe(0);
  return { ...g, id: res.data.id as number, res };
}

describe('积分商城 for buyers', () => {
  it('shows goods on shelf only, by category, sorted by points, paged, with the SKU’s name, picture and price', async () => {
    const a = await offer({ category: '家居', pointsPrice: 3000, cashFen: 990, onShelf: true, sort: 5, perMemberLimit: 2 });
    const b = await offer({ category: '家居', pointsPrice: 800, onShelf: true });
    const c = await offer({ category: '美食', pointsPrice: 1500, onShelf: true, sort: 9 });
    const hidden = await offer({ category: '家居', pointsPrice: 10 });
    expect(a.res.data).toMatchObject({ onShelf: true, goodsOnShelf: true, pointsPrice: 3000, cashFen: 990, stock: 10, redeemed: 0 });
    expect(hidden.res.data.onShelf).toBe(false);

    const home = await page({ category: '家居', sort: 'POINTS_ASC' });
    expect(home.code).toBe(0);
    expect(home.data.list.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect(home.data.list[1]).toMatchObject({
      goodsId: a.goodsId,
      skuId: a.skuId,
      name: expect.stringMatching(/^测试商品/),
      image: expect.any(String),
      specText: '颜色：黑色',
      marketPrice: 5900,
      pointsPrice: 3000,
      cashFen: 990,
      perMemberLimit: 2,
      soldOut: false,
      unavailable: null,
    });
    expect((await page({ category: '家居', sort: 'POINTS_DESC' })).data.list.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    const all = await page({ pageSize: 2 });
    expect(all.data).toMatchObject({ total: 3, pageSize: 2 });
    expect(all.data.list.map((x: { id: number }) => x.id)).toEqual([c.id, a.id]); // by 排序 first
    expect(all.data.categories).toEqual(expect.arrayContaining([{ name: '家居', count: 2 }, { name: '美食', count: 1 }]));

    const one = await detail(a.id);
    expect(one.data).toMatchObject({ id: a.id, subtitle: '测试', pointsPrice: 3000, unavailable: null });
    expect(one.data.images.length).toBeGreaterThan(0);
    expectRefusal(await detail(hidden.id), Code.POINTS_MALL_OFF_SHELF);
    expectRefusal(await detail(99_999_999), Code.NOT_FOUND);
  });

  it('a goods off the catalogue’s shelf or out of points stock reads as unavailable', async () => {
    const g = await offer({ category: '图书', onShelf: true, stock: 0 });
    expect((await detail(g.id)).data).toMatchObject({ soldOut: true, unavailable: '该积分商品已兑完' });
    await setOnShelf(dbOf(server), g.goodsId, false);
    expect((await detail(g.id)).data.unavailable).toBe('该积分商品已下架');
  });

  it('refuses bad list and detail queries in Chinese', async () => {
    for (const [query, message] of [
      [{ sort: 'RANDOM' }, /排序方式/],
      [{ sort: "POINTS_ASC; DROP TABLE points_mall_goods" }, /排序方式/],
      [{ category: HOSTILE.long }, /分类/],
      [{ pageSize: 51 }, /每页条数/],
      [{ pageNum: -1 }, /页码/],
    ] as const) {
      const res = await page(query as Record<string, string | number>);
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    for (const id of ['abc', '-1', '0', '1.5', '1e308', "1' OR '1'='1", '😀', '']) {
      const res = await detail(id);
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message).toMatch(/积分商品/);
    }
  });

  it('stock is taken by a conditional update: 50 simultaneous takes of the last 10 units make 10', async () => {
    const g = await offer({ onShelf: true, stock: 10 });
    const db = dbOf(server);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => db.transaction((tx) => mallRepo.takeMallStock(tx, g.id, 1))),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    const [row] = await rows<{ stock: number; redeemed: number }>(db, sql`SELECT stock, redeemed FROM points_mall_goods WHERE id = ${g.id}`);
    expect(row).toEqual({ stock: 0, redeemed: 10 });
    expect((await detail(g.id)).data.soldOut).toBe(true);
  });
});

describe('积分商城 in the console', () => {
  it('creates from a SKU once, edits, puts on and off the shelf once, and lists with filters', async () => {
    const g = await offer({ category: '数码', stock: 5 });
    expectRefusal(await ops('mall/create', { skuId: g.skuId, category: '数码', pointsPrice: 1, stock: 1 }), Code.POINTS_MALL_EXISTS);
    expectRefusal(await ops('mall/create', { skuId: 99_999_999, category: '数码', pointsPrice: 1, stock: 1 }), Code.SKU_NOT_FOUND);

    const saved = await ops('mall/update', { id: g.id, category: '数码', pointsPrice: 2500, cashFen: 100, stock: 7, perMemberLimit: 1, sort: 3 });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data).toMatchObject({ pointsPrice: 2500, cashFen: 100, stock: 7, perMemberLimit: 1, sort: 3, onShelf: false });

    expect((await ops('mall/shelf', { id: g.id, onShelf: true })).message).toBe('已上架');
    expectRefusal(await ops('mall/shelf', { id: g.id, onShelf: true }), Code.BAD_REQUEST);
    expect((await opsGet('mall/page', { shelf: 'ON', category: '数码' })).data.list.map((x: { id: number }) => x.id)).toContain(g.id);
    expect((await ops('mall/shelf', { id: g.id, onShelf: false })).code).toBe(0);
    expect((await opsGet('mall/page', { shelf: 'OFF' })).data.list.map((x: { id: number }) => x.id)).toContain(g.id);
    expect((await opsGet('mall/detail', { id: g.id })).data).toMatchObject({ id: g.id, onShelf: false, goodsOnShelf: true });

    const audit = await rows<{ action: string }>(
      dbOf(server),
      sql`SELECT action FROM ops_audit_log WHERE object_type = 'pointsMall' AND object_id = ${String(g.id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['points.mall.create', 'points.mall.update', 'points.mall.on', 'points.mall.off']);
  });

  it('refuses a catalogue goods off its shelf from going on the points shelf', async () => {
    const g = await makeGoods(dbOf(server), { onShelf: false });
    const res = await ops('mall/create', { skuId: g.skuId, category: '数码', pointsPrice: 10, stock: 1, onShelf: true });
    expectRefusal(res, Code.GOODS_OFF_SHELF);
  });

  it('refuses bad goods values in Chinese and changes nothing', async () => {
    const g = await makeGoods(dbOf(server));
    const base = { skuId: g.skuId, category: '数码', pointsPrice: 100, stock: 1 };
    const before = await mallCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, skuId: undefined }, /请填写商品规格/],
      [{ ...base, skuId: 'abc' }, /商品规格/],
      [{ ...base, pointsPrice: undefined }, /请填写所需积分/],
      [{ ...base, pointsPrice: 0 }, /所需积分至少为 1/],
      [{ ...base, pointsPrice: -5 }, /所需积分至少为 1/],
      [{ ...base, pointsPrice: 1.5 }, /所需积分必须是整数/],
      [{ ...base, pointsPrice: HOSTILE.huge }, /所需积分不能超过/],
      [{ ...base, pointsPrice: '100 points' }, /所需积分必须是整数/],
      [{ ...base, cashFen: -1 }, /加价金额不能为负数/],
      [{ ...base, stock: -1 }, /兑换库存不能为负数/],
      [{ ...base, stock: 2_000_000 }, /兑换库存不能超过/],
      [{ ...base, perMemberLimit: -1 }, /每人限兑不能为负数/],
      [{ ...base, category: '' }, /请填写分类/],
      [{ ...base, category: HOSTILE.long }, /分类不能超过 10 个字符/],
      [{ ...base, category: HOSTILE.script }, /分类/],
      [{ ...base, category: HOSTILE.array }, /分类格式不正确/],
      [{ ...base, onShelf: 'yes' }, /上架状态格式不正确/],
    ];
    for (const [body, message] of cases) {
      const res = await ops('mall/create', body);
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message, JSON.stringify(body).slice(0, 80)).toMatch(message);
    }
    expect(await mallCount()).toBe(before);
    expectRefusal(await ops('mall/update', { id: 99_999_999, category: '数码', pointsPrice: 1, stock: 1 }), Code.NOT_FOUND);
  });

  it('needs promotion:edit', async () => {
    const finance = await makeOperator(server.api, OPS_TOKEN, 'finance');
    const res = await server.api.get('/ops/points/mall/page', bearer(finance.token));
    expectRefusal(res, Code.FORBIDDEN);
    const adjust = await server.api.post('/ops/points/adjust', { json: {}, ...bearer(finance.token) });
    expectRefusal(adjust, Code.FORBIDDEN);
  });
});

describe('a member’s points in the console', () => {
  it('grants and deducts with a reason as ledger rows; a deduction beyond the balance is refused and changes nothing', async () => {
    const m = await registeredMember(server.api);
    const memberId = await memberIdOf(server.api, m.accessToken);
    const grant = await ops('adjust', { memberId, amount: 500, reason: '客服补偿' });
    expect(grant).toMatchObject({ code: 0, message: '积分已发放', data: { memberId, amount: 500, balance: 500 } });
    const deduct = await ops('adjust', { memberId, amount: -200, reason: '误发扣回' });
    expect(deduct).toMatchObject({ code: 0, message: '积分已扣除', data: { balance: 300 } });
    const before = await pointsState(server, memberId);
    const over = await ops('adjust', { memberId, amount: -301, reason: '超额扣除' });
    expectRefusal(over, Code.POINTS_INSUFFICIENT);
    expect(over.message).toBe('积分不足，该会员当前仅有 300 积分');
    expect(await pointsState(server, memberId)).toEqual(before);

    const seen = await opsGet('member', { memberId });
    expect(seen.data).toMatchObject({ memberId, balance: 300, totalEarned: 500, totalUsed: 200 });
    expect(seen.data.ledger.list[0]).toMatchObject({ amount: -200, reason: 'OPS_DEDUCT', note: '误发扣回' });
    const [row] = await rows<{ operator: string }>(
      dbOf(server),
      sql`SELECT operator FROM points_ledger WHERE member_id = ${memberId} ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.operator).toBeTruthy();
    expectRefusal(await opsGet('member', { memberId: '00000000-0000-4000-8000-000000000000' }), Code.NOT_FOUND);
    expectRefusal(await opsGet('member', { memberId: 'abc' }), Code.BAD_REQUEST);
  });

  it('ten simultaneous deductions of 100 from 500 make five; the balance never goes below zero', async () => {
    const m = await registeredMember(server.api);
    const memberId = await memberIdOf(server.api, m.accessToken);
    expect((await ops('adjust', { memberId, amount: 500, reason: '活动奖励' })).code).toBe(0);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => ops('adjust', { memberId, amount: -100, reason: '并发扣除' })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(5);
    for (const r of replies.filter((x) => x.code !== 0)) expect(r.code).toBe(Code.POINTS_INSUFFICIENT);
    const state = await pointsState(server, memberId);
    expect(state.account).toEqual([{ balance: 0, credited: 500, debited: 500 }]);
    expect((state.ledger as { balance_after: number }[]).map((r) => r.balance_after)).toEqual([500, 400, 300, 200, 100, 0]);
  });

  it('refuses bad adjustments in Chinese and changes nothing', async () => {
    const m = await registeredMember(server.api);
    const memberId = await memberIdOf(server.api, m.accessToken);
    const base = { memberId, amount: 10, reason: '活动奖励' };
    const cases: [Record<string, unknown>, RegExp | number][] = [
      [{ ...base, memberId: undefined }, /请填写会员编号/],
      [{ ...base, memberId: "1' OR 1=1 --" }, /会员编号格式不正确/],
      [{ ...base, memberId: '00000000-0000-4000-8000-000000000000' }, Code.NOT_FOUND],
      [{ ...base, amount: 0 }, /调整积分不能为 0/],
      [{ ...base, amount: 1.5 }, /调整积分必须是整数/],
      [{ ...base, amount: '十' }, /调整积分必须是整数/],
      [{ ...base, amount: 2_000_000 }, /一次最多发放/],
      [{ ...base, amount: -HOSTILE.huge }, /一次最多扣除/],
      [{ ...base, amount: undefined }, /请填写调整积分/],
      [{ ...base, reason: 'a' }, /调整原因至少 2 个字符/],
      [{ ...base, reason: HOSTILE.long }, /调整原因不能超过 100 个字符/],
      [{ ...base, reason: HOSTILE.object }, /调整原因格式不正确/],
    ];
    for (const [body, expected] of cases) {
      const res = await ops('adjust', body);
      if (typeof expected === 'number') expectRefusal(res, expected);
      else {
        expectRefusal(res, Code.BAD_REQUEST);
        expect(res.message, JSON.stringify(body).slice(0, 80)).toMatch(expected);
      }
    }
    expect((await pointsState(server, memberId)).ledger).toEqual([]);
  });
});

describe('积分设置', () => {
  it('reads and saves the typed setting; the rules follow at once', async () => {
    const got = await opsGet('settings');
    expect(got.data.value).toEqual(got.data.default);
    const value = { ...got.data.value, signInPoints: 8, streakBonuses: [{ days: 5, points: 30 }], expiryYears: 2 };
    const saved = await ops('settings/save', { value });
    expect(saved).toMatchObject({ code: 0, message: '积分设置已保存', data: { value } });
    const rules = await server.api.get('/member/points/rules');
    expect(rules.data).toMatchObject({ signInPoints: 8, streakBonuses: [{ days: 5, points: 30 }], expiryYears: 2 });
    expect(rules.data.text.join('')).toContain('连续签到每满 5 天，额外奖励 30 积分');
    expect((await ops('settings/save', { value: got.data.default })).code).toBe(0);
  });

  it('refuses bad settings in Chinese and keeps the saved ones', async () => {
    const { value } = (await opsGet('settings')).data;
    const cases: [unknown, RegExp][] = [
      [undefined, /请填写积分设置/],
      ['abc', /积分设置格式不正确/],
      [{ ...value, signInPoints: -1 }, /每日签到积分不能小于 0/],
      [{ ...value, signInPoints: 1.5 }, /每日签到积分必须是整数/],
      [{ ...value, signInPoints: HOSTILE.huge }, /每日签到积分不能大于 1000/],
      [{ ...value, signInPoints: '5' }, /每日签到积分格式不正确/],
      [{ ...value, streakBonuses: [{ days: 7, points: 1 }, { days: 7, points: 2 }] }, /连续签到天数不能重复/],
      [{ ...value, streakBonuses: [{ days: 1, points: 1 }] }, /第 1 项：连续签到天数不能小于 2 天/],
      [{ ...value, pointsPerYuan: 101 }, /每元积分不能大于 100/],
      [{ ...value, fenPer100Points: 0 }, /100 积分抵扣金额（分）不能小于 1/],
      [{ ...value, maxDeductPercent: 101 }, /积分抵扣上限比例不能大于 100%/],
      [{ ...value, expiryYears: 11 }, /积分有效期不能大于 10 年/],
      [{ ...value, taskPoints: { ...value.taskPoints, PROFILE: -1 } }, /完善资料任务积分不能小于 0/],
      [{ ...value, taskPoints: undefined }, /任务积分格式不正确/],
    ];
    for (const [v, message] of cases) {
      const res = await ops('settings/save', v === undefined ? {} : { value: v });
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message, JSON.stringify(v)?.slice(0, 80)).toMatch(message);
    }
    expect((await opsGet('settings')).data.value).toEqual(value);
  });
});
