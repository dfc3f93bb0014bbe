import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { getSetting } from '../site/site.service.ts';
import { onCacheDropped } from '../../lib/cache-bus.ts';
import * as repo from './search.repo.ts';

/**
 * Hot words: what buyers searched in the last 7 days, with the operator's pinned words
 * (site config `pinnedHotWords`) first. Searches are buffered and written in batches so that
 * recording them costs a search nothing.
 */
export const HOT_DAYS = 7;
export const HOT_MAX = 10;
const FLUSH_MS = 2_000;
const BUFFER_MAX = 500;
const CACHE_MS = 30_000;

interface Pending {
  entries: { keyword: string; memberId: string | null; at: Date }[];
  timer: NodeJS.Timeout | null;
}
const pending = new WeakMap<Db, Pending>();
const cache = new WeakMap<Db, { at: number; words: string[] }>();

/** A keyword worth counting: short plain text that found goods. */
export function hotKeyword(keyword: string): string | null {
  const k = keyword.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (!k || Array.from(k).length > 20 || /[\p{C}<>"'`;\\]/u.test(k)) return null;
  return k;
}

export function recordSearch(ctx: AppContext, keyword: string, memberId: string | null) {
  const k = hotKeyword(keyword);
  if (!k) return;
  let p = pending.get(ctx.db);
  if (!p) pending.set(ctx.db, (p = { entries: [], timer: null }));
  p.entries.push({ keyword: k, memberId, at: new Date() });
  if (p.entries.length >= BUFFER_MAX) void flushSearches(ctx);
  else p.timer ??= setTimeout(() => void flushSearches(ctx), FLUSH_MS).unref();
}

export async function flushSearches(ctx: Pick<AppContext, 'db' | 'log'>) {
  const p = pending.get(ctx.db);
  if (!p?.entries.length) return;
  const entries = p.entries.splice(0);
  if (p.timer) clearTimeout(p.timer);
  p.timer = null;
  try {
    await repo.recordKeywords(ctx.db, entries);
  } catch (err) {
    ctx.log.warn({ err }, 'search keywords not recorded');
  }
}

export async function hotWords(ctx: AppContext): Promise<string[]> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.words;
  await flushSearches(ctx);
  const pinned = await getSetting(ctx, 'pinnedHotWords');
  const searched = (await repo.topKeywords(ctx.db, HOT_DAYS, HOT_MAX * 2)).map((r) => r.keyword);
  const words = [...new Set([...pinned, ...searched])].slice(0, HOT_MAX);
  cache.set(ctx.db, { at: Date.now(), words });
  return words;
}

export function invalidateHotWords(db: Db) {
  cache.delete(db);
}
// the operator's pinned words lead the list: a change of them shows at once, in every process
onCacheDropped('site-settings', (db, keys) => {
  if (!keys || keys.includes('pinnedHotWords')) invalidateHotWords(db);
});
