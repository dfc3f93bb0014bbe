import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { asOps, buyer, dbOf, HOSTILE_VALUES, makeGoods, newKey, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { sessionWindow } from './activity-rules.ts';

/** What buyers see of activities over HTTP: today's 秒杀 sessions, an activity goods, a goods' activities. */
const OPS_TOKEN = 'activities-buyer-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const ops = (path: string, json: unknown) => server.api.post(`/ops/promotion/activity/${path}`, { json, ...asOps(OPS_TOKEN) });
const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();
/** A Shanghai day `n` days from today, YYYY-MM-DD. */
const shanghaiDay = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function flashSale(title: string, skuId: number, window: { startsAt: string; endsAt: string }, o: { stock?: number; perMemberLimit?: number; schedule?: boolean } = {}) {
  const made = await ops('create', { kind: 'FLASH_SALE', title, ...window, perMemberLimit: o.perMemberLimit ?? 0, skus: [{ skuId, priceFen: 990, stock: o.stock ?? 4 }] });
  expect(made.code, made.message).toBe(0);
  if (o.schedule !== false) expect((await ops('schedule', { id: made.data.id })).code).toBe(0);
  return made.data.id as number;
}
const sessions = async () => (await server.api.get('/member/activity/flashSale/sessions')).data;
const goodsDetail = (query: Record<string, unknown>, token?: string) =>
  server.api.get('/member/activity/goods/detail', { query: query as Record<string, string>, ...(token ? { token } : {}) });

describe('秒杀 for buyers', () => {
  test('today’s sessions and the next one, with their goods, progress and phase; drafts and cancelled ones hidden', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 50 });
    const h = await makeGoods(db(), { priceFen: 5900, stock: 50 });
    const running = await flashSale('正在抢', g.skuId, { startsAt: inMinutes(-1), endsAt: inMinutes(5) });
    const tomorrow = sessionWindow(shanghaiDay(1), '10:00', 120);
    const next = await flashSale('明日10点场', h.skuId, { startsAt: tomorrow.startsAt.toISOString(), endsAt: tomorrow.endsAt.toISOString() });
    const later = sessionWindow(shanghaiDay(2), '10:00', 120);
    await flashSale('后天场', h.skuId, { startsAt: later.startsAt.toISOString(), endsAt: later.endsAt.toISOString() });
    await flashSale('草稿场', g.skuId, { startsAt: inMinutes(-1), endsAt: inMinutes(5) }, { schedule: false });
    const cancelled = await flashSale('取消场', h.skuId, { startsAt: inMinutes(30), endsAt: inMinutes(40) });
    expect((await ops('cancel', { id: cancelled })).code).toBe(0);

    const s = await sessions();
    expect(Date.parse(s.now)).toBeGreaterThan(Date.now() - MINUTE);
    expect(s.sessions.map((x: { title: string }) => x.title)).toEqual(['正在抢', '明日10点场']);
    expect(s.sessions[0]).toMatchObject({ activityId: running, phase: 'RUNNING', phaseText: '进行中' });
    expect(s.sessions[0].goods[0]).toMatchObject({
      skuId: g.skuId,
      usualPriceFen: 5900,
      activityPriceFen: 990,
      soldPercent: 0,
      stockLeft: 4,
      phase: 'RUNNING',
      kindText: '秒杀',
    });
    expect(s.sessions[1]).toMatchObject({ activityId: next, phase: 'UPCOMING', phaseText: '即将开始' });

    // Buying moves the progress; the last unit makes it 已抢光.
    const b = await buyer(server.api);
    const o = await server.api.post('/member/trade/checkout/submit', {
      token: b.token,
      json: { buyNow: { skuId: g.skuId, quantity: 4, activityId: running }, addressId: b.addressId, idempotencyKey: newKey() },
    });
    expect(o.code, o.message).toBe(0);
    expect((await sessions()).sessions[0].goods[0]).toMatchObject({ soldPercent: 100, stockLeft: 0, phase: 'SOLD_OUT', phaseText: '已抢光' });
  });

  test('an activity goods: prices, window, progress and, signed in, how many more the member may buy', async () => {
    const g = await makeGoods(db(), { priceFen: 12900, stock: 50 });
    const id = await flashSale('限购场', g.skuId, { startsAt: inMinutes(-1), endsAt: inMinutes(30) }, { stock: 10, perMemberLimit: 3 });
    const visitor = await goodsDetail({ activityId: id, skuId: g.skuId });
    expect(visitor.data).toMatchObject({ activityId: id, usualPriceFen: 12900, activityPriceFen: 990, perMemberLimit: 3, memberLeft: null, phase: 'RUNNING', soldPercent: 0 });
    expect(visitor.data.images.length).toBeGreaterThan(0);
    const b = await buyer(server.api);
    expect((await goodsDetail({ activityId: id, skuId: g.skuId }, b.token)).data.memberLeft).toBe(3);
    await server.api.post('/member/trade/checkout/submit', {
      token: b.token,
      json: { buyNow: { skuId: g.skuId, quantity: 2, activityId: id }, addressId: b.addressId, idempotencyKey: newKey() },
    });
    expect((await goodsDetail({ activityId: id, skuId: g.skuId }, b.token)).data).toMatchObject({ memberLeft: 1, soldPercent: 20, stockLeft: 8 });

    const forGoods = await server.api.get('/member/activity/goods/forGoods', { query: { goodsId: g.goodsId } });
    expect(forGoods.data).toEqual([expect.objectContaining({ activityId: id, title: '限购场', activityPriceFen: 990 })]);
    const plain = await makeGoods(db(), { priceFen: 100, stock: 1 });
    expect((await server.api.get('/member/activity/goods/forGoods', { query: { goodsId: plain.goodsId } })).data).toEqual([]);
  });

  test('a draft or cancelled activity’s goods is not found; bad ids are refused in Chinese', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 50 });
    const draft = await flashSale('草稿', g.skuId, { startsAt: inMinutes(10), endsAt: inMinutes(20) }, { schedule: false });
    expect(await goodsDetail({ activityId: draft, skuId: g.skuId })).toMatchObject({ code: Code.NOT_FOUND, message: '活动商品不存在或活动已取消' });
    for (const bad of [0, -1, 'x', 1.5, 2 ** 31, ...HOSTILE_VALUES.filter((v) => typeof v === 'string')]) {
      const res = await goodsDetail({ activityId: bad, skuId: g.skuId });
      expect(res.code, String(bad)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/活动/);
      const forGoods = await server.api.get('/member/activity/goods/forGoods', { query: { goodsId: bad as string } });
      expect(forGoods.message).toMatch(/商品/);
    }
    expect((await goodsDetail({ activityId: draft })).message).toBe('请填写商品规格');
  });
});
