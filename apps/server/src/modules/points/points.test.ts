import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { sql } from '../../lib/db.ts';
import {
  CHINESE,
  HOSTILE,
  dbOf,
  expectRefusal,
  memberIdOf,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { addDays, shanghaiDay } from './points-rules.ts';
import { ledgerOf, ledgerSum, pointsState, signedDays } from './points-test-kit.ts';

const OPS_TOKEN = 'ops-token-for-points-tests-0123456789abc';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server?.close());

async function member() {
  const m = await registeredMember(server.api);
  return { token: m.accessToken as string, memberId: await memberIdOf(server.api, m.accessToken) };
}
const get = (path: string, token?: string, query: Record<string, string | number> = {}) =>
  server.api.get(`/member/points/${path}`, { token, query });
const sign = (token: string) => server.api.post('/member/points/signIn/sign', { token, json: {} });
const today = () => shanghaiDay(new Date());

describe('签到', () => {
  it('signs once a day: points in the balance and the ledger, the calendar marks the day, a second tap is refused', async () => {
    const m = await member();
    const before = await get('account/balance', m.token);
    expect(before.data).toMatchObject({ balance: 0, totalEarned: 0, totalUsed: 0, signedToday: false });
    const cal0 = await get('signIn/calendar', m.token);
    expect(cal0.data).toMatchObject({ today: today(), signedToday: false, streak: 0, todayPoints: 5, days: [] });

    const res = await sign(m.token);
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('签到成功，获得 5 积分');
    expect(res.data).toEqual({ day: today(), streak: 1, points: 5, bonus: 0, balance: 5 });

    const again = await sign(m.token);
    expectRefusal(again, Code.POINTS_SIGNED_TODAY);
    expect(again.message).toBe('今天已经签到过了，明天再来吧');

    const bal = await get('account/balance', m.token);
    expect(bal.data).toMatchObject({ balance: 5, totalEarned: 5, signedToday: true });
    const cal = await get('signIn/calendar', m.token);
    expect(cal.data).toMatchObject({ signedToday: true, streak: 1, todayPoints: 5, tomorrowPoints: 5 });
    expect(cal.data.days).toEqual([{ day: today(), streak: 1, points: 5 }]);
    const ledger = await get('ledger/page', m.token);
    expect(ledger.data.list).toEqual([
      expect.objectContaining({ amount: 5, balanceAfter: 5, reason: 'SIGN_IN', reasonText: '每日签到' }),
    ]);
  });

  it('twenty simultaneous taps sign once and credit once', async () => {
    const m = await member();
    const replies = await Promise.all(Array.from({ length: 20 }, () => sign(m.token)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 0)) expect(r.code).toBe(Code.POINTS_SIGNED_TODAY);
    const state = await pointsState(server, m.memberId);
    expect(state.days).toHaveLength(1);
    expect(state.ledger).toHaveLength(1);
    expect(await ledgerSum(server, m.memberId)).toEqual({ sum: 5, balance: 5 });
  });

  it('the 7th day in a row adds the streak bonus; a missed day starts again', async () => {
    const m = await member();
    const t = today();
    await signedDays(server, m.memberId, [6, 5, 4, 3, 2, 1].map((n) => addDays(t, -n)));
    const cal = await get('signIn/calendar', m.token);
    expect(cal.data).toMatchObject({ streak: 6, todayPoints: 25, nextBonus: { days: 7, points: 20, inDays: 1 } });
    const res = await sign(m.token);
    expect(res.data).toMatchObject({ streak: 7, points: 5, bonus: 20, balance: 25 });
    expect(res.message).toBe('签到成功，获得 25 积分（含连续签到奖励 20）');
    expect((await ledgerOf(server, m.memberId))[0]).toMatchObject({ amount: 25, reason: 'SIGN_IN' });

    const broken = await member();
    await signedDays(server, broken.memberId, [addDays(t, -3), addDays(t, -2)]);
    expect((await get('signIn/calendar', broken.token)).data.streak).toBe(0);
    expect((await sign(broken.token)).data).toMatchObject({ streak: 1, bonus: 0 });
  });

  it('a past month shows its signed days only; bad months are refused in Chinese', async () => {
    const m = await member();
    await signedDays(server, m.memberId, ['2026-01-30', '2026-01-31', '2026-02-01']);
    const jan = await get('signIn/calendar', m.token, { month: '2026-01' });
    expect(jan.data.days.map((d: { day: string }) => d.day)).toEqual(['2026-01-30', '2026-01-31']);
    for (const month of ['2026-13', '2026-1', '26-01', "2026-01' OR 1=1", '二〇二六年一月', HOSTILE.long]) {
      const res = await get('signIn/calendar', m.token, { month });
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message).toMatch(/月份/);
    }
  });

  it('signed out: 签到, balance and calendar need a member', async () => {
    expect((await sign('')).code).toBe(Code.NOT_SIGNED_IN);
    expect((await get('account/balance')).code).toBe(Code.NOT_SIGNED_IN);
    expect((await get('signIn/calendar')).code).toBe(Code.NOT_SIGNED_IN);
    expect((await get('task/list')).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('the ledger', () => {
  it('filters 收入/支出, by reason and by day, and pages', async () => {
    const m = await member();
    const ops = (amount: number, reason: string) =>
      server.api.post('/ops/points/adjust', { json: { memberId: m.memberId, amount, reason }, headers: { 'x-ops-token': OPS_TOKEN } });
    expect((await ops(300, '活动奖励')).code).toBe(0);
    expect((await ops(-50, '误发扣回')).code).toBe(0);
    expect((await sign(m.token)).code).toBe(0);

    const all = await get('ledger/page', m.token, { pageSize: 2 });
    expect(all.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(all.data.list.map((e: { amount: number }) => e.amount)).toEqual([5, -50]);
    const page2 = await get('ledger/page', m.token, { pageSize: 2, pageNum: 2 });
    expect(page2.data.list.map((e: { amount: number }) => e.amount)).toEqual([300]);
    expect(page2.data.list[0]).toMatchObject({ reason: 'OPS_GRANT', reasonText: '系统赠送', note: '活动奖励', balanceAfter: 300 });

    expect((await get('ledger/page', m.token, { type: 'IN' })).data.total).toBe(2);
    const out = await get('ledger/page', m.token, { type: 'OUT' });
    expect(out.data.list).toEqual([expect.objectContaining({ amount: -50, reason: 'OPS_DEDUCT', balanceAfter: 250 })]);
    expect((await get('ledger/page', m.token, { reason: 'SIGN_IN' })).data.total).toBe(1);
    expect((await get('ledger/page', m.token, { from: today(), to: today() })).data.total).toBe(3);
    expect((await get('ledger/page', m.token, { from: addDays(today(), 1) })).data.total).toBe(0);
    expect((await get('ledger/page', m.token, { to: addDays(today(), -1) })).data.total).toBe(0);
    expect(await ledgerSum(server, m.memberId)).toEqual({ sum: 255, balance: 255 });
  });

  it('refuses bad filters in Chinese', async () => {
    const m = await member();
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ type: 'BOTH' }, /收支类型/],
      [{ reason: 'FREE_MONEY' }, /积分来源/],
      [{ reason: "SIGN_IN' OR '1'='1" }, /积分来源/],
      [{ from: '2026-02-30' }, /开始日期/],
      [{ from: '2026/01/01' }, /开始日期/],
      [{ to: '😀' }, /结束日期/],
      [{ from: '2026-05-02', to: '2026-05-01' }, /开始日期不能晚于结束日期/],
      [{ pageNum: 0 }, /页码/],
      [{ pageNum: -1 }, /页码/],
      [{ pageNum: 1.5 }, /页码/],
      [{ pageSize: 51 }, /每页条数/],
      [{ pageSize: 'abc' }, /每页条数/],
      [{ pageNum: '1e308' }, /页码/],
    ];
    for (const [query, message] of cases) {
      const res = await get('ledger/page', m.token, query);
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message, JSON.stringify(query)).toMatch(message);
    }
  });
});

describe('tasks and rules', () => {
  it('binding a mobile is done at once; completing the profile is granted once when the tasks are next listed', async () => {
    const m = await member();
    const first = await get('task/list', m.token);
    expect(first.code).toBe(0);
    const byKey = (list: { key: string }[]) => Object.fromEntries(list.map((t) => [t.key, t]));
    expect(byKey(first.data)).toMatchObject({
      MOBILE: { state: 'DONE', points: 20, title: '绑定手机号' },
      PROFILE: { state: 'TODO', points: 20, link: '/user/member/profile' },
      FIRST_ORDER: { state: 'TODO', points: 100 },
    });
    expect((await get('account/balance', m.token)).data.balance).toBe(20);

    const saved = await server.api.post('/member/user/profile/update', {
      token: m.token,
      json: { nickname: '积分达人', gender: 'female', birthday: '1995-05-20' },
    });
    expect(saved.code, saved.message).toBe(0);
    await dbOf(server).execute(sql`UPDATE members SET avatar = '/static/uploads/avatars/a.png' WHERE id = ${m.memberId}`);
    const lists = await Promise.all([get('task/list', m.token), get('task/list', m.token), get('task/list', m.token)]);
    for (const l of lists) expect(byKey(l.data).PROFILE).toMatchObject({ state: 'DONE' });
    const state = await pointsState(server, m.memberId);
    expect(state.tasks).toEqual([
      { task_key: 'MOBILE', points: 20 },
      { task_key: 'PROFILE', points: 20 },
    ]);
    expect(await ledgerSum(server, m.memberId)).toEqual({ sum: 40, balance: 40 });
  });

  it('the rules carry the settings and read in Chinese, for visitors too', async () => {
    const res = await get('rules');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      signInPoints: 5,
      streakBonuses: [{ days: 7, points: 20 }],
      pointsPerYuan: 1,
      fenPer100Points: 100,
      maxDeductPercent: 50,
      expiryYears: 1,
    });
    expect(res.data.text.join('')).toContain('连续签到每满 7 天，额外奖励 20 积分');
    for (const line of res.data.text) expect(line).toMatch(CHINESE);
  });
});
