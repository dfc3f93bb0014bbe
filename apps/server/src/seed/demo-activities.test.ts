import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../lib/db.ts';
import { startCatalogServer, type TestServer } from '../test/kit/index.ts';
import { flashPriceOf, seedDemoActivities, sessionLabel } from './demo-activities.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startCatalogServer(120);
}, 180_000);
afterAll(() => server?.close());

const goodsStock = async () =>
  (await rows<{ total: number }>(server.running.app.ctx.db, sql`SELECT coalesce(sum(stock), 0)::int AS total FROM skus`))[0]!.total;
const activityStock = async () =>
  (await rows<{ total: number }>(server.running.app.ctx.db, sql`SELECT coalesce(sum(stock), 0)::int AS total FROM activity_skus`))[0]!.total;

describe('demo 秒杀 and 限时折扣', () => {
  it('a running session at any hour with the rest of the day and tomorrow to come, a week of 8.5 折; once', async () => {
    const ctx = server.running.app.ctx;
    const before = await goodsStock();
    const said: string[] = [];
    await seedDemoActivities(ctx, (m) => said.push(m));
    await seedDemoActivities(ctx, (m) => said.push(m));
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/^演示秒杀 .*: \d 场，每场 8 件商品，每人限购 2 件$/);
    expect(said[1]).toBe('演示限时折扣 (demo discount): 3 件商品 8.5 折，7 天');
    // The sessions' units left the goods' stock, nothing else changed.
    expect((await goodsStock()) + (await activityStock())).toBe(before);

    const { data } = await server.api.get('/member/activity/flashSale/sessions');
    const live = data.sessions.find((s: { phase: string }) => s.phase === 'RUNNING');
    expect(live, '0/10/14/20 点场 cover the whole day').toBeTruthy();
    expect(live.title).toMatch(/^\d{1,2}月\d{1,2}日\d{1,2}点场 · 限量秒杀$/);
    const titles = data.sessions.map((s: { title: string }) => s.title);
    expect(new Set(titles).size, 'no two sessions share a title').toBe(titles.length);
    expect(live.goods).toHaveLength(8);
    for (const g of live.goods) {
      expect(g).toMatchObject({ phase: 'RUNNING', soldPercent: 0, perMemberLimit: 2 });
      expect(g.activityPriceFen).toBe(flashPriceOf(g.usualPriceFen));
    }
    expect(data.sessions.some((s: { phase: string }) => s.phase === 'UPCOMING')).toBe(true);
  });

  it('names a session by its Beijing date and hour', () => {
    expect(sessionLabel('2026-11-27', '00:00')).toBe('11月27日0点场');
    expect(sessionLabel('2026-01-05', '20:00')).toBe('1月5日20点场');
  });

  it('prices a 秒杀 at about 6 折 in whole yuan less ¥1', () => {
    expect([29900, 9900, 5000, 129900].map(flashPriceOf)).toEqual([16900, 4900, 2900, 76900]);
  });
});
