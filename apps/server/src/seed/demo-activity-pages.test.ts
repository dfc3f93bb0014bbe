import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../lib/db.ts';
import { startCatalogServer, type TestServer } from '../test/kit/index.ts';
import { seedDemoActivities } from './demo-activities.ts';
import { DEMO_ACTIVITY_PAGE_TITLE, seedDemoActivityPages } from './demo-activity-pages.ts';
import { seedDemoCoupons } from './demo-coupons.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startCatalogServer(120);
}, 180_000);
afterAll(() => server?.close());

const pageIds = async () =>
  (await rows<{ id: number }>(server.running.app.ctx.db, sql`SELECT id FROM activity_pages WHERE title = ${DEMO_ACTIVITY_PAGE_TITLE}`)).map((r) => r.id);

describe('demo activity page', () => {
  it('without a 秒杀 it is published without countdown and goods; with one, it shows the running session, its goods and the coupons', async () => {
    const ctx = server.running.app.ctx;
    const said: string[] = [];
    await seedDemoCoupons(ctx, null, () => {});
    await seedDemoActivityPages(ctx, (m) => said.push(m));
    const [id] = await pageIds();
    expect(said[0]).toMatch(/未含倒计时和商品板块/);
    const bare = await server.api.get('/member/activity/page', { query: { id: String(id) } });
    expect(bare.data.sections.map((s: { type: string }) => s.type)).toEqual(['coupons', 'richText']);

    // Once the demo sessions exist, the next start points the page at the running one (a page with
    // no stale session is left alone). Made afresh here: the first page had none.
    await server.running.app.ctx.db.execute(sql`DELETE FROM activity_pages`);
    await seedDemoActivities(ctx, () => {});
    await seedDemoActivityPages(ctx, (m) => said.push(m));
    await seedDemoActivityPages(ctx, (m) => said.push(m));
    const ids = await pageIds();
    expect(ids).toHaveLength(1);
    expect(said).toHaveLength(2);
    const page = await server.api.get('/member/activity/page', { query: { id: String(ids[0]) } });
    expect(page.code, page.message).toBe(0);
    expect(page.data).toMatchObject({ title: DEMO_ACTIVITY_PAGE_TITLE, status: 'PUBLISHED', preview: false });
    const types = page.data.sections.map((s: { type: string }) => s.type);
    expect(types).toEqual(['banner', 'countdown', 'goods', 'coupons', 'richText']);
    const goods = page.data.sections[2];
    expect(goods.activity).toMatchObject({ phase: 'RUNNING', kindText: '秒杀' });
    expect(goods.goods).toHaveLength(8);
    const banner = page.data.sections[0];
    expect((await fetch(`${server.url}${banner.image}`)).status).toBe(200);
    expect(banner.link).toBe(`/activityGoodsDetail?activityId=${goods.goods[0].activityId}&skuId=${goods.goods[0].skuId}`);
    expect(page.data.sections[3].coupons.length).toBeGreaterThan(0);

    // A session that ended is replaced by the running one on the next start.
    await server.running.app.ctx.db.execute(
      sql`UPDATE activity_pages SET sections = jsonb_set(jsonb_set(sections, '{1,activityId}', '999999'), '{2,activityId}', '999999')`,
    );
    await seedDemoActivityPages(ctx, (m) => said.push(m));
    expect(said[2]).toMatch(/已指向今日秒杀/);
    const again = await server.api.get('/member/activity/page', { query: { id: String(ids[0]) } });
    expect(again.data.sections.map((s: { type: string }) => s.type)).toEqual(types);
  });
});
