import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import { asOps, buyer, dbOf, makeGoods, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { sweepOnce } from '../../flows/order-sweeper.ts';

/** 提醒我 is a marketing message: a member who withdrew consent cannot set one, and one set before is not sent. */
const OPS_TOKEN = 'reminder-consent-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();
const ops = (path: string, json: unknown) => server.api.post(`/ops/promotion/activity/${path}`, { json, ...asOps(OPS_TOKEN) });
const remind = (token: string, json: unknown) => server.api.post('/member/activity/remind', { token, json });
const consent = (token: string, granted: boolean) => server.api.post('/member/user/privacy/consent/update', { token, json: { granted } });
const outbox = (mobile: string) => rows<{ content: string }>(db(), sql`SELECT content FROM sms_outbox WHERE mobile = ${mobile} AND content LIKE '%开抢%'`);

async function flashSale(title: string, skuId: number, startsIn: number) {
  const made = await ops('create', { kind: 'FLASH_SALE', title, startsAt: inMinutes(startsIn), endsAt: inMinutes(startsIn + 30), skus: [{ skuId, priceFen: 990, stock: 3 }] });
  expect(made.code, made.message).toBe(0);
  expect((await ops('schedule', { id: made.data.id })).code).toBe(0);
  return made.data.id as number;
}

describe('提醒我 and consent to marketing messages', () => {
  test('a reminder due for a member who withdrew consent is not sent; others still get theirs', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const id = await flashSale('撤回同意场', g.skuId, 3);
    const [keeps, withdraws] = [await buyer(server.api), await buyer(server.api)];
    for (const m of [keeps, withdraws]) expect((await remind(m.token, { activityId: id, skuId: g.skuId })).code).toBe(0);

    expect(await consent(withdraws.token, false)).toMatchObject({ code: 0, data: { granted: false } });
    const swept = await sweepOnce(server.running.app.ctx);
    expect(swept.remindersSent).toBe(1);

    expect(await outbox(keeps.mobile)).toHaveLength(1);
    expect(await outbox(withdraws.mobile)).toHaveLength(0);
    const states = await rows<{ member_id: string; status: string; failure: string | null }>(
      db(),
      sql`SELECT r.status, r.failure, m.mobile AS member_id FROM activity_reminders r JOIN members m ON m.id = r.member_id WHERE r.activity_id = ${id}`,
    );
    expect(states.find((s) => s.member_id === withdraws.mobile)).toMatchObject({ status: 'FAILED', failure: '会员已关闭营销消息' });
    expect(states.find((s) => s.member_id === keeps.mobile)).toMatchObject({ status: 'SENT' });
    // Giving consent again later does not send a reminder whose moment has passed a second time.
    expect((await consent(withdraws.token, true)).code).toBe(0);
    expect((await sweepOnce(server.running.app.ctx)).remindersSent).toBe(0);
    expect(await outbox(withdraws.mobile)).toHaveLength(0);
  });

  test('after withdrawal 提醒我 is refused with the reason, mine says so; given again it works', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 20 });
    const id = await flashSale('重新开启场', g.skuId, 90);
    const m = await buyer(server.api);
    expect((await server.api.get('/member/activity/remind/mine', { token: m.token, query: { activityId: id } })).data.marketingConsent).toBe(true);

    expect((await consent(m.token, false)).code).toBe(0);
    const refused = await remind(m.token, { activityId: id, skuId: g.skuId });
    expect(refused).toMatchObject({ code: Code.MARKETING_CONSENT_OFF, message: '您已关闭营销消息，开启后才能收到开抢提醒', success: false });
    expect(await rows(db(), sql`SELECT 1 FROM activity_reminders WHERE activity_id = ${id}`)).toHaveLength(0);
    expect((await server.api.get('/member/activity/remind/mine', { token: m.token, query: { activityId: id } })).data.marketingConsent).toBe(false);

    expect((await consent(m.token, true)).code).toBe(0);
    expect((await remind(m.token, { activityId: id, skuId: g.skuId })).code).toBe(0);
  });
});
