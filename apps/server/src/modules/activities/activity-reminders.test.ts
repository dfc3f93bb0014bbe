import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import { asOps, buyer, dbOf, HOSTILE_VALUES, makeGoods, smsSignIn, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { sweepOnce } from '../../flows/order-sweeper.ts';
import { reminderText, sendDueReminders, shanghaiHm } from './activity-reminders.ts';

/** 提醒我 over HTTP, and the sweep that sends each reminder once. */
const OPS_TOKEN = 'activity-reminders-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const ctx = () => server.running.app.ctx;
const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();
const ops = (path: string, json: unknown) => server.api.post(`/ops/promotion/activity/${path}`, { json, ...asOps(OPS_TOKEN) });

async function flashSale(title: string, skuId: number, startsIn: number, o: { lasts?: number; schedule?: boolean } = {}) {
  const made = await ops('create', {
    kind: 'FLASH_SALE',
    title,
    startsAt: inMinutes(startsIn),
    endsAt: inMinutes(startsIn + (o.lasts ?? 30)),
    skus: [{ skuId, priceFen: 990, stock: 3 }],
  });
  expect(made.code, made.message).toBe(0);
  if (o.schedule !== false) expect((await ops('schedule', { id: made.data.id })).code).toBe(0);
  return made.data.id as number;
}

const remind = (token: string | undefined, json: unknown) => server.api.post('/member/activity/remind', { json, ...(token ? { token } : {}) });
const cancel = (token: string, json: unknown) => server.api.post('/member/activity/remind/cancel', { token, json });
const mine = (token: string, activityId: unknown) =>
  server.api.get('/member/activity/remind/mine', { token, query: { activityId: activityId as string } });

async function reminderRows(activityId: number) {
  return rows<{ status: string; member_id: string; failure: string | null }>(
    db(),
    sql`SELECT status, member_id, failure FROM activity_reminders WHERE activity_id = ${activityId} ORDER BY id`,
  );
}
async function outbox(mobile: string) {
  return rows<{ content: string }>(db(), sql`SELECT content FROM sms_outbox WHERE mobile = ${mobile} AND content LIKE '%开抢%' ORDER BY id`);
}

describe('提醒我', () => {
  test('a member sets it once for an upcoming SKU, sees it, and takes it back', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const id = await flashSale('晚八点场', g.skuId, 60);
    const b = await buyer(server.api);
    const first = await remind(b.token, { activityId: id, skuId: g.skuId });
    expect(first).toMatchObject({ code: 0, data: { reminded: true, minutesBefore: 5 } });
    // A double click: success again, still one row.
    expect((await remind(b.token, { activityId: id, skuId: g.skuId })).code).toBe(0);
    await Promise.all([1, 2, 3].map(() => remind(b.token, { activityId: id, skuId: g.skuId })));
    expect(await reminderRows(id)).toHaveLength(1);

    const m = await mine(b.token, id);
    expect(m.data).toMatchObject({ activityId: id, skuIds: [g.skuId], minutesBefore: 5 });
    expect(Math.abs(Date.parse(m.data.now) - Date.now())).toBeLessThan(MINUTE);
    // Another member sees none of it.
    const other = await buyer(server.api);
    expect((await mine(other.token, id)).data.skuIds).toEqual([]);

    expect(await cancel(b.token, { activityId: id, skuId: g.skuId })).toMatchObject({ code: 0, data: { reminded: false } });
    expect((await cancel(b.token, { activityId: id, skuId: g.skuId })).code).toBe(0);
    expect(await reminderRows(id)).toHaveLength(0);
    expect((await mine(b.token, id)).data.skuIds).toEqual([]);
  });

  test('refused: signed out, a running, ended, draft or cancelled activity, a SKU not in it; nothing written', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 40 });
    const other = await makeGoods(db(), { priceFen: 5900, stock: 40 });
    const running = await flashSale('进行中', g.skuId, -1, { lasts: 30 });
    const upcoming = await flashSale('未开始', other.skuId, 120);
    const draft = await flashSale('草稿', g.skuId, 300, { schedule: false });
    const cancelled = await flashSale('取消', other.skuId, 400);
    expect((await ops('cancel', { id: cancelled })).code).toBe(0);
    const b = await buyer(server.api);

    const signedOut = await remind(undefined, { activityId: upcoming, skuId: other.skuId });
    expect(signedOut.code).toBe(Code.NOT_SIGNED_IN);
    expect(await remind(b.token, { activityId: running, skuId: g.skuId })).toMatchObject({ code: Code.ACTIVITY_STATE, message: '活动已开始，无需提醒，快去抢购吧' });
    for (const [activityId, skuId] of [
      [upcoming, g.skuId], // a SKU not in it
      [draft, g.skuId],
      [cancelled, other.skuId],
      [2_000_000_000, g.skuId],
    ]) {
      expect(await remind(b.token, { activityId, skuId }), String(activityId)).toMatchObject({ code: Code.NOT_FOUND, message: '活动商品不存在或活动已取消' });
    }
    // Ended: moved into the past and ended by the sweeper.
    const ended = await flashSale('已结束', g.skuId, 200);
    await db().execute(sql`UPDATE activities SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' WHERE id = ${ended}`);
    expect(await remind(b.token, { activityId: ended, skuId: g.skuId })).toMatchObject({ code: Code.ACTIVITY_STATE, message: '活动已结束，不能设置提醒' });
    await sweepOnce(ctx());
    expect(await remind(b.token, { activityId: ended, skuId: g.skuId })).toMatchObject({ code: Code.ACTIVITY_STATE, message: '活动已结束，不能设置提醒' });

    const [{ n }] = (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM activity_reminders WHERE activity_id IN (${running}, ${upcoming}, ${draft}, ${cancelled}, ${ended})`)) as [{ n: number }];
    expect(n).toBe(0);
  });

  test('bad input is refused in Chinese and writes nothing', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const id = await flashSale('参数场', g.skuId, 90);
    const b = await buyer(server.api);
    const bad: unknown[] = [0, -1, 1.5, 2 ** 31, 1e308, '', '１２', '١٢', 'x', null, ...HOSTILE_VALUES];
    for (const v of bad) {
      for (const body of [
        { activityId: v, skuId: g.skuId },
        { activityId: id, skuId: v },
      ]) {
        const res = await remind(b.token, body);
        expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(Code.BAD_REQUEST);
        expect(res.message).toMatch(/活动|商品规格|参数/);
        expect((await cancel(b.token, body)).code).toBe(Code.BAD_REQUEST);
      }
      const m = await mine(b.token, typeof v === 'object' ? JSON.stringify(v) : String(v));
      expect(m.code, String(v).slice(0, 40)).toBe(Code.BAD_REQUEST);
    }
    expect((await remind(b.token, { skuId: g.skuId })).message).toBe('请填写活动');
    expect((await remind(b.token, { activityId: id })).message).toBe('请填写商品规格');
    expect((await remind(b.token, [1, 2])).code).toBe(Code.BAD_REQUEST);
    expect((await server.api.post('/member/activity/remind', { token: b.token, rawBody: '{"activityId":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await server.api.get('/member/activity/remind/mine', { token: b.token })).message).toBe('请填写活动');
    expect(await reminderRows(id)).toHaveLength(0);
  });
});

describe('the reminder sweep', () => {
  test('sends each due reminder once, even with two sweeps at once; not before its time; a cancelled activity’s never', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 40 });
    const h = await makeGoods(db(), { priceFen: 5900, stock: 40 });
    const soon = await flashSale('十点场', g.skuId, 3); // within the default 5 minutes
    const later = await flashSale('晚场', h.skuId, 30);
    const gone = await flashSale('被取消', h.skuId, 4, { lasts: 10 });
    const [a, b] = [await buyer(server.api), await buyer(server.api)];
    for (const m of [a, b]) {
      expect((await remind(m.token, { activityId: soon, skuId: g.skuId })).code).toBe(0);
      expect((await remind(m.token, { activityId: later, skuId: h.skuId })).code).toBe(0);
    }
    expect((await remind(a.token, { activityId: gone, skuId: h.skuId })).code).toBe(0);
    expect((await ops('cancel', { id: gone })).code).toBe(0);

    const now = new Date();
    const [x, y] = await Promise.all([sendDueReminders(ctx(), now), sendDueReminders(ctx(), now)]);
    expect(x + y).toBe(2);
    const [{ starts_at }] = (await rows<{ starts_at: Date | string }>(db(), sql`SELECT starts_at FROM activities WHERE id = ${soon}`)) as [{ starts_at: Date | string }];
    for (const m of [a, b]) {
      const sms = await outbox(m.mobile);
      expect(sms.map((s) => s.content)).toEqual([`【优选商城】您关注的秒杀「十点场」将于 ${shanghaiHm(new Date(starts_at))} 开抢，请准时参与。`]);
    }
    expect((await reminderRows(soon)).map((r) => r.status)).toEqual(['SENT', 'SENT']);
    expect((await reminderRows(later)).map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    expect((await reminderRows(gone)).map((r) => r.status)).toEqual(['PENDING']);

    // Sweeping again sends nothing more; a sent reminder cannot be taken back, and shows as set.
    expect(await sendDueReminders(ctx(), now)).toBe(0);
    expect((await sweepOnce(ctx())).remindersSent).toBe(0);
    expect((await cancel(a.token, { activityId: soon, skuId: g.skuId })).code).toBe(0);
    expect((await mine(a.token, soon)).data.skuIds).toEqual([g.skuId]);
    for (const m of [a, b]) expect(await outbox(m.mobile)).toHaveLength(1);

    // 26 minutes later the evening one is due; the cancelled activity's reminder still is not sent.
    expect(await sendDueReminders(ctx(), new Date(now.getTime() + 26 * MINUTE))).toBe(2);
    expect((await reminderRows(gone)).map((r) => r.status)).toEqual(['PENDING']);
    expect((await outbox(a.mobile)).map((s) => s.content).filter((c) => c.includes('「晚场」'))).toHaveLength(1);
  });

  test('remindMinutesBefore moves the moment; a failed send is marked FAILED and not tried again', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 40 });
    const id = await flashSale('提前场', g.skuId, 12);
    const m = await smsSignIn(server.api);
    expect((await remind(m.accessToken, { activityId: id, skuId: g.skuId })).code).toBe(0);
    expect(await sendDueReminders(ctx())).toBe(0);
    const saved = await server.api.post('/ops/settings/save', { json: { key: 'remindMinutesBefore', value: 15 }, ...asOps(OPS_TOKEN) });
    expect(saved.code, saved.message).toBe(0);
    const refused = await server.api.post('/ops/settings/save', { json: { key: 'remindMinutesBefore', value: 0 }, ...asOps(OPS_TOKEN) });
    expect(refused.message).toBe('秒杀提醒提前时间至少 1 分钟');

    const sms = ctx().sms;
    const original = sms.send;
    let calls = 0;
    (sms as { send: typeof sms.send }).send = async () => {
      calls += 1;
      throw new Error('SMS gateway answered 503');
    };
    try {
      expect(await sendDueReminders(ctx())).toBe(0);
      expect(await sendDueReminders(ctx())).toBe(0);
    } finally {
      (sms as { send: typeof sms.send }).send = original;
      await server.api.post('/ops/settings/save', { json: { key: 'remindMinutesBefore', value: 5 }, ...asOps(OPS_TOKEN) });
    }
    expect(calls).toBe(1);
    expect(await reminderRows(id)).toEqual([expect.objectContaining({ status: 'FAILED', failure: 'SMS gateway answered 503' })]);
  });

  test('the message says when it starts, or that it has started when the sweep came late', () => {
    const startsAt = new Date('2026-11-26T12:00:00.000Z'); // 20:00 in Shanghai
    expect(reminderText('优选商城', { title: '晚八点场', kind: 'FLASH_SALE', startsAt }, new Date('2026-11-26T11:55:00.000Z'))).toBe(
      '【优选商城】您关注的秒杀「晚八点场」将于 20:00 开抢，请准时参与。',
    );
    expect(reminderText('好店', { title: '晚八点场', kind: 'FLASH_SALE', startsAt }, new Date('2026-11-26T12:01:00.000Z'))).toBe(
      '【好店】您关注的秒杀「晚八点场」已于 20:00 开抢，快去看看吧。',
    );
  });
});
