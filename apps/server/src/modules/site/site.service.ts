import type { SiteConfig } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { badRequest } from '../../lib/errors.ts';
import { siteConfig } from '../../db/schema/index.ts';
import {
  checkSetting,
  PUBLIC_SETTING_KEYS,
  readSetting,
  SETTINGS,
  type SettingKey,
  type SettingValue,
} from './settings.ts';

/** Settings a new shop starts with as rows (the rest read as their schema's default until changed). */
const FIRST_ROWS: SettingKey[] = ['siteName', 'buyerIcon', 'logo', 'servicePhone'];

export async function ensureDefaultSiteConfig(db: DbOrTx) {
  const values = FIRST_ROWS.map((key) => ({ key, value: SETTINGS[key].default }));
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

async function storedSettings(ctx: Pick<AppContext, 'db'>): Promise<Map<string, unknown>> {
  const hit = cache.get(ctx.db);
  if (hit && hit.generation === generation && Date.now() - hit.at < CACHE_MS) return hit.values;
  const startedAt = generation;
  const rows = await ctx.db.select({ key: siteConfig.key, value: siteConfig.value }).from(siteConfig);
  const values = new Map(rows.map((r) => [r.key, r.value as unknown]));
  if (startedAt === generation) cache.set(ctx.db, { at: Date.now(), generation, values });
  return values;
}

/** The setting's value, validated by its schema (the default when unset or no longer valid). */
export async function getSetting<K extends SettingKey>(ctx: Pick<AppContext, 'db'>, key: K): Promise<SettingValue<K>> {
  return readSetting(key, (await storedSettings(ctx)).get(key));
}

/** Whether an operator (or the demo data) has stored this setting. */
export async function hasSetting(ctx: Pick<AppContext, 'db'>, key: SettingKey): Promise<boolean> {
  return (await storedSettings(ctx)).has(key);
}

/** Stores a setting after its schema accepts it; a refusal is a 400 naming the problem in Chinese. */
export async function setSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValue<K>) {
  const checked = checkSetting(key, value);
  if (!checked.ok) throw badRequest(checked.message);
  await db
    .insert(siteConfig)
    .values({ key, value: checked.value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: checked.value, updatedAt: new Date() } });
  generation += 1;
}

export async function publicSiteConfig(ctx: AppContext): Promise<SiteConfig> {
  const stored = await storedSettings(ctx);
  const config: Record<string, unknown> = {};
  for (const key of PUBLIC_SETTING_KEYS) config[key] = readSetting(key, stored.get(key));
  return config as SiteConfig;
}
