import type { SiteConfig } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { siteConfig } from '../../db/schema/index.ts';

/** Settings every new shop starts with; an operator changes rows of site_config. */
export const DEFAULT_SITE_CONFIG: Record<string, unknown> = {
  siteName: '优选商城',
  buyerIcon: '/static/site/favicon.svg',
  logo: '/static/site/logo.svg',
  servicePhone: '400-820-8820',
};

/** Keys the buyer's app may read; anything else in site_config stays on the server. */
const PUBLIC_KEYS = ['siteName', 'buyerIcon', 'logo', 'servicePhone', 'banners', 'pinnedHotWords', 'freight'];

export async function ensureDefaultSiteConfig(db: DbOrTx) {
  const values = Object.entries(DEFAULT_SITE_CONFIG).map(([key, value]) => ({ key, value }));
  await db.insert(siteConfig).values(values).onConflictDoNothing();
  generation += 1;
}

/**
 * Settings are read on hot paths (every site/site call, every checkout) and change rarely, so all of
 * them are kept in memory for a few seconds. A change made through setSetting is seen at once in
 * this process; another server instance sees it within CACHE_MS.
 */
const CACHE_MS = 5_000;
let generation = 0;
const cache = new WeakMap<object, { at: number; generation: number; values: Map<string, unknown> }>();

async function allSettings(ctx: AppContext): Promise<Map<string, unknown>> {
  const hit = cache.get(ctx.db);
  if (hit && hit.generation === generation && Date.now() - hit.at < CACHE_MS) return hit.values;
  const startedAt = generation;
  const rows = await ctx.db.select({ key: siteConfig.key, value: siteConfig.value }).from(siteConfig);
  const values = new Map(rows.map((r) => [r.key, r.value as unknown]));
  if (startedAt === generation) cache.set(ctx.db, { at: Date.now(), generation, values });
  return values;
}

export async function getSetting<T>(ctx: AppContext, key: string, fallback: T): Promise<T> {
  const values = await allSettings(ctx);
  return values.has(key) ? (values.get(key) as T) : fallback;
}

export async function setSetting(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(siteConfig)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value, updatedAt: new Date() } });
  generation += 1;
}

export async function publicSiteConfig(ctx: AppContext): Promise<SiteConfig> {
  const values = await allSettings(ctx);
  const config: Record<string, unknown> = { ...DEFAULT_SITE_CONFIG };
  for (const key of PUBLIC_KEYS) if (values.has(key)) config[key] = values.get(key);
  return config as SiteConfig;
}
