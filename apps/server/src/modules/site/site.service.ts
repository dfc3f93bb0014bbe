import type { SiteConfig } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { announceCacheChange, cacheVersion, onCacheDropped } from '../../lib/cache-bus.ts';
import { badRequest } from '../../lib/errors.ts';
import { storedImage, storeImageIn } from '../../lib/image-upload.ts';
import { siteConfig } from '../../db/schema/index.ts';
import type { Config } from '../../config.ts';
import { z } from 'zod';
import { enumOf } from '../../lib/validation.ts';
import { AGREEMENTS, type AgreementKind } from './agreements.ts';
import { privacySections } from './privacy-facts.ts';
import {
  checkSetting,
  defaultOf,
  publicSettingKeys,
  readSetting,
  settingKeys,
  SETTINGS,
  type SettingKey,
  type SettingValue,
} from './settings.ts';

export { isSettingKey, registerSetting, settingKeys, type SettingDefinition, type SettingKey, type SettingValue } from './settings.ts';

/**
 * The keys and types of settings other modules own and register (registerSetting): a module adds
 * its own by declaration merging, e.g. `declare module '../site/site.service.ts' { interface
 * ModuleSettings { points: PointsSettings } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleSettings {}

/** Settings a new shop starts with as rows (the rest read as their schema's default until changed). */
const FIRST_ROWS = ['siteName', 'buyerIcon', 'logo', 'servicePhone'] as const;

export async function ensureDefaultSiteConfig(db: Db) {
  const values = FIRST_ROWS.map((key) => ({ key, value: SETTINGS[key].default }));
  await db.insert(siteConfig).values(values).onConflictDoNothing();
  await announceCacheChange(db, 'site-settings', FIRST_ROWS);
}

/**
 * Settings are read on hot paths (every site/site call, every checkout) and change rarely, so all of
 * them are kept in memory for a few seconds. A change made through setSetting drops them in every
 * server process at once (lib/cache-bus.ts); CACHE_MS only bounds a change made past the service.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, { at: number; values: Map<string, unknown> }>();
onCacheDropped('site-settings', (db) => cache.delete(db));

async function storedSettings(ctx: Pick<AppContext, 'db'>): Promise<Map<string, unknown>> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.values;
  const startedAt = cacheVersion(ctx.db, 'site-settings');
  const rows = await ctx.db.select({ key: siteConfig.key, value: siteConfig.value }).from(siteConfig);
  const values = new Map(rows.map((r) => [r.key, r.value as unknown]));
  if (startedAt === cacheVersion(ctx.db, 'site-settings')) cache.set(ctx.db, { at: Date.now(), values });
  return values;
}

/** Whose settings: the database, and the configuration that sets some keys' defaults. */
type SettingsCtx = Pick<AppContext, 'db'> & { config?: Config };

/**
 * The setting's value, validated by its schema (the default when unset or no longer valid; for a
 * key with an environment default, the environment's value when `ctx` carries the configuration).
 */
export async function getSetting<K extends SettingKey>(ctx: SettingsCtx, key: K): Promise<SettingValue<K>> {
  return readSetting(key, (await storedSettings(ctx)).get(key), ctx.config);
}

/** Whether an operator (or the demo data) has stored this setting. */
export async function hasSetting(ctx: Pick<AppContext, 'db'>, key: SettingKey): Promise<boolean> {
  return (await storedSettings(ctx)).has(key);
}

/**
 * Stores a setting after its schema accepts it; a refusal is a 400 naming the problem in Chinese.
 * Takes the pool, not a transaction: the change is announced to every process once stored.
 */
export async function setSetting<K extends SettingKey>(db: Db, key: K, value: SettingValue<K>) {
  const checked = checkSetting(key, value);
  if (!checked.ok) throw badRequest(checked.message);
  await db
    .insert(siteConfig)
    .values({ key, value: checked.value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: checked.value, updatedAt: new Date() } });
  await announceCacheChange(db, 'site-settings', [key]);
}

/** What the buyer's app reads of the settings: every public key, validated, its default when unset. */
function publicConfigOf(ctx: AppContext, stored: Map<string, unknown>): SiteConfig {
  const config: Record<string, unknown> = {};
  for (const key of publicSettingKeys()) config[key] = readSetting(key, stored.get(key), ctx.config);
  return config as SiteConfig;
}

/** The stored settings' public view as JSON text, worked out once for each reading of the table. */
const publicJson = new WeakMap<Map<string, unknown>, string>();

/** The public settings as JSON text (GET /member/site/site, asked by every page). */
export async function publicSiteConfigJson(ctx: AppContext): Promise<string> {
  const stored = await storedSettings(ctx);
  let json = publicJson.get(stored);
  if (json === undefined) publicJson.set(stored, (json = JSON.stringify(publicConfigOf(ctx, stored))));
  return json;
}

export const agreementQuery = z.object({ type: enumOf('协议类型', ['user', 'privacy']) });

/** An agreement for the buyer's page: its title and the operator's text (or the demo text). */
export async function siteAgreement(ctx: AppContext, kind: AgreementKind) {
  const { key, title } = AGREEMENTS[kind];
  const content = await getSetting(ctx, key);
  if (kind !== 'privacy') return { type: kind, title, content };
  return { type: kind, title, content, sections: privacySections(ctx.config, await getSetting(ctx, 'cancellationCoolingDays')) };
}

export interface SettingView {
  key: SettingKey;
  value: unknown;
  default: unknown;
  /** Whether an operator (or the demo data) stored a value; otherwise the default applies. */
  stored: boolean;
  /** Whether the buyer's app reads it (GET /member/site/site). */
  public: boolean;
}

/** Every key with its current value and its default, for the console's 站点设置. */
export async function allSettings(ctx: AppContext): Promise<SettingView[]> {
  const stored = await storedSettings(ctx);
  return settingKeys().map((key) => ({
    key,
    value: readSetting(key, stored.get(key), ctx.config),
    default: defaultOf(key, ctx.config),
    stored: stored.has(key),
    public: publicSettingKeys().includes(key),
  }));
}

/**
 * An operator's change: checked by the key's schema (a 400 naming the problem in Chinese), stored,
 * and answered with the value before and after for the audit log.
 */
export async function saveSetting(ctx: AppContext, key: SettingKey, value: unknown) {
  const checked = checkSetting(key, value);
  if (!checked.ok) throw badRequest(checked.message);
  const before = await getSetting(ctx, key);
  await setSetting(ctx.db, key, checked.value);
  return { key, before, after: checked.value };
}

/* ---- pictures of the site (buyerIcon, banners, logo) ---- */

export const SITE_IMAGE_PREFIX = '/static/uploads/site/';

/**
 * Stores a picture an operator uploaded for a setting (already checked by its bytes) and answers
 * the site path to put in the setting. Public: the buyer's pages show it.
 */
export async function storeSiteImage(ctx: AppContext, bytes: Buffer, ext: string) {
  const name = await storeImageIn(ctx, 'site', bytes, ext);
  return { name, url: `${SITE_IMAGE_PREFIX}${name}`, size: bytes.length };
}

/** A stored picture by its server-made name, or undefined. */
export function siteImage(ctx: AppContext, name: string) {
  return storedImage(ctx, 'site', name);
}
