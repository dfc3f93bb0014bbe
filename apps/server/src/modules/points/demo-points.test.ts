import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { insertMember } from '../accounts/accounts.repo.ts';
import { seedDemoPoints } from '../../seed/demo-points.ts';
import { startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { ledgerSum, pointsState } from './points-test-kit.ts';
import { shanghaiDay, addDays } from './points-rules.ts';

let server: TestServer;
beforeAll(async () => {
  // enough goods for two of each mall category from the catalogue sections of its kind
  server = await startCatalogServer(120);
});
afterAll(() => server?.close());

describe('demo points', () => {
  it('give the demo member a history and a streak to continue, and stock a points mall; once', async () => {
    const ctx = server.running.app.ctx;
    const member = await insertMember(ctx.db, {
      username: 'demo',
      mobile: '13800138000',
      passwordHash: await hashPassword('MallDemo#2026'),
      nickname: '演示会员',
      roles: ['member'],
    });
    const said: string[] = [];
    await seedDemoPoints(ctx, 'demo', (m) => said.push(m));
    await seedDemoPoints(ctx, 'demo', (m) => said.push(m));
    expect(said).toEqual(['积分商城演示商品 6 件']);

    const login = await server.api.post('/member/user/auth/login/pw', {
      form: { username: 'demo', password: 'MallDemo#2026', remember: false, clientType: 'PC_BROWSER' },
    });
    expect(login.code, login.message).toBe(0);
    const token = login.data.accessToken as string;
    const balance = await server.api.get('/member/points/account/balance', { token });
    expect(balance.data).toMatchObject({ balance: 240, signedToday: false, expiringSoon: { points: 200 } });
    expect(await ledgerSum(server, member.id)).toEqual({ sum: 240, balance: 240 });
    const cal = await server.api.get('/member/points/signIn/calendar', { token });
    expect(cal.data).toMatchObject({ streak: 4, signedToday: false });
    const state = await pointsState(server, member.id);
    expect((state.days as { day: string }[]).map((d) => d.day)).toContain(addDays(shanghaiDay(new Date()), -1));
    const ledger = await server.api.get('/member/points/ledger/page', { token, query: { pageSize: 50 } });
    expect(ledger.data.total).toBe(7);
    // read oldest first, it is a real history: times increase and each balance is the one before plus the change
    const rows = [...(ledger.data.list as { amount: number; balanceAfter: number; createdAt: string; note: string }[])].reverse();
    expect(rows).toHaveLength(7);
    let balanceBefore = 0;
    let timeBefore = 0;
    for (const row of rows) {
      const at = Date.parse(row.createdAt);
      expect(at, row.note).toBeGreaterThan(timeBefore);
      expect(row.balanceAfter, row.note).toBe(balanceBefore + row.amount);
      expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
      balanceBefore = row.balanceAfter;
      timeBefore = at;
    }
    expect(balanceBefore).toBe(240);
    expect(timeBefore).toBeLessThanOrEqual(Date.now());
    expect(rows.map((r) => r.note)).toEqual([
      '新会员礼包',
      '连续签到 1 天',
      '连续签到 2 天',
      '连续签到 3 天',
      '参与积分抽奖',
      '连续签到 4 天',
      expect.any(String),
    ]);

    const mall = await server.api.get('/member/points/mall/page', { query: { pageSize: 50 } });
    expect(mall.data.total).toBe(6);
    expect(mall.data.categories).toHaveLength(3);
    expect(mall.data.list.filter((g: { cashFen: number }) => g.cashFen > 0)).toHaveLength(3);
    for (const g of mall.data.list) expect(g).toMatchObject({ unavailable: null, name: expect.any(String) });
  });
});
