import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DashboardTodos } from '@mall/shared';
import { rows } from '../lib/db.ts';
import { asOps, startTestServer, type TestServer } from '../test/kit/index.ts';
import { DEMO_SALES_CAP } from './catalog/generator.ts';
import { MALL_CATEGORY_SECTIONS } from './demo-points.ts';
import { seedDemoData } from './demo.ts';

/**
 * The whole demo as a newcomer meets it reads like a real shop: what a goods has sold agrees with its
 * reviews, the points mall's goods sit in the categories of their kind, and the console's 工作台 shows a
 * handful of low-stock SKUs, not hundreds.
 */
const OPS_TOKEN = 'demo-believable-ops-token-0123456789abc';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  await seedDemoData(server.running.app.ctx, () => undefined);
}, 180_000);
afterAll(() => server?.close());

const db = () => server.running.app.ctx.db;

describe('the demo shop', () => {
  it('shows no big sales without reviews: a goods sold 200+ times has a review for every 50 sold', async () => {
    const goods = await rows<{ id: number; sales: number; reviews: number }>(
      db(),
      sql`SELECT g.id, g.sales, (SELECT count(*)::int FROM goods_reviews r WHERE r.goods_id = g.id AND NOT r.hidden) AS reviews
          FROM goods g ORDER BY g.sales DESC, g.id`,
    );
    expect(goods.length).toBeGreaterThan(1000);
    const unreviewedBig = goods.filter((g) => g.sales >= DEMO_SALES_CAP && g.reviews < g.sales / 50);
    expect(unreviewedBig, 'goods whose sales their reviews do not bear out').toEqual([]);
    // The reviewed goods is one of the best sellers, and the goods page counts its review rows.
    const reviewed = goods.findIndex((g) => g.reviews > 0);
    expect(reviewed).toBeGreaterThanOrEqual(0);
    expect(reviewed).toBeLessThan(6);
    const page = await server.api.get('/member/goods/comment/page', { query: { goodsId: goods[reviewed]!.id } });
    expect(page.data.summary.total).toBe(goods[reviewed]!.reviews);
  });

  it('puts each points-mall goods in the mall category of its kind (no book among 数码配件)', async () => {
    const mall = await rows<{ category: string; section: string; name: string }>(
      db(),
      sql`SELECT m.category, mid.name AS section, g.name
          FROM points_mall_goods m
          JOIN goods g ON g.id = m.goods_id
          JOIN categories leaf ON leaf.id = g.category_id
          JOIN categories mid ON mid.id = leaf.parent_id`,
    );
    expect(mall).toHaveLength(6);
    for (const g of mall) expect(MALL_CATEGORY_SECTIONS[g.category], `${g.name} in ${g.category}`).toContain(g.section);
    expect(new Set(mall.map((g) => g.category))).toEqual(new Set(Object.keys(MALL_CATEGORY_SECTIONS)));
  });

  it('leaves a believable handful of SKUs under the 工作台 low-stock threshold', async () => {
    const todo = await server.api.get('/ops/dashboard/todo', asOps(OPS_TOKEN));
    const low = (todo.data as DashboardTodos).list.find((i) => i.key === 'lowStock')!;
    expect(low.count).toBeGreaterThanOrEqual(5);
    expect(low.count).toBeLessThanOrEqual(20);
  });
});
