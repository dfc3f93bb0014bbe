import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { rows } from '../../lib/db.ts';
import { hasSetting, setSetting } from '../../modules/site/site.service.ts';
import { seedCatalog } from './seed-catalog.ts';

export const DEMO_PINNED_HOT_WORDS = ['手机', '笔记本电脑', '跑步鞋', '坚果'];

/** The demo shop's catalogue on first start (config.DEMO_GOODS goods) and its pinned hot words. */
export async function seedDemoCatalog(ctx: AppContext, progress: (message: string) => void) {
  const [found] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM goods`);
  if (!found?.n && ctx.config.DEMO_GOODS > 0) {
    const report = await seedCatalog(ctx.db, { goods: ctx.config.DEMO_GOODS });
    progress(`演示商品 (demo goods): ${report.inserted} 件，${(report.ms / 1000).toFixed(1)} s`);
  }
  if (!(await hasSetting(ctx, 'pinnedHotWords'))) {
    await setSetting(ctx.db, 'pinnedHotWords', DEMO_PINNED_HOT_WORDS);
  }
}
