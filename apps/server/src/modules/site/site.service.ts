import { eq, inArray } from 'drizzle-orm';
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
}

export async function getSetting<T>(ctx: AppContext, key: string, fallback: T): Promise<T> {
  const [row] = await ctx.db.select().from(siteConfig).where(eq(siteConfig.key, key));
  return row ? (row.value as T) : fallback;
}

export async function setSetting(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(siteConfig)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value, updatedAt: new Date() } });
}

export async function publicSiteConfig(ctx: AppContext): Promise<SiteConfig> {
  const found = await ctx.db.select().from(siteConfig).where(inArray(siteConfig.key, PUBLIC_KEYS));
  const config: Record<string, unknown> = { ...DEFAULT_SITE_CONFIG };
  for (const row of found) config[row.key] = row.value;
  return config as SiteConfig;
}
