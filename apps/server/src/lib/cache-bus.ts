import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isServerDatabase, type Db, type DbOrTx } from './db.ts';

/**
 * The bus that drops in-process caches in every server process when their data changes
 * (docs/scaling.md, "Caches across processes"). A cache subscribes by name (onCacheDropped); a
 * writer announces a change after its transaction committed (announceCacheChange): the cache is
 * dropped here at once, and on a PostgreSQL server a NOTIFY on CACHE_CHANNEL carrying only the
 * cache's name and the changed ids tells every other process (lib/cache-listener.ts) to drop it too.
 * On PGlite (one process) the local drop is all there is.
 */
export type CacheName =
  /** Site settings (modules/site); ids are setting keys. */
  | 'site-settings'
  /** The catalogue's tree, brands, best sellers and pictures, and what is derived from them (search results). */
  | 'catalog'
  /** The search vocabulary (modules/search/terms.ts). */
  | 'search-terms'
  /** Goods' 销量 as the search index holds it (modules/search/goods-index-store.ts); ids are goods ids. */
  | 'goods-sales';

export const CACHE_NAMES: readonly CacheName[] = ['site-settings', 'catalog', 'search-terms', 'goods-sales'];

export const CACHE_CHANNEL = 'cache_changes';

/** Changed ids, or null for "everything in that cache". */
export type ChangedIds = readonly string[] | null;
export type CacheDropper = (db: Db, ids: ChangedIds) => void;

/** What the channel carries: the cache, the changed ids (null: all), and the announcing pool. */
export interface CacheNote {
  cache: CacheName;
  ids: string[] | null;
  from: string;
}

/** NOTIFY refuses payloads of 8,000 bytes or more: a longer list of ids becomes "everything". */
const MAX_PAYLOAD = 7_000;

const droppers = new Map<CacheName, CacheDropper[]>();
const versions = new WeakMap<object, Map<CacheName, number>>();
const origins = new WeakMap<object, string>();
const loggers = new WeakMap<object, FastifyBaseLogger>();

/** Registers a cache's own drop; called once per module at load. */
export function onCacheDropped(cache: CacheName, drop: CacheDropper) {
  droppers.set(cache, [...(droppers.get(cache) ?? []), drop]);
}

/**
 * How many times this cache was dropped for this database: a loader notes it before reading and
 * keeps what it read only if it has not moved, so a drop during a slow read is never undone.
 */
export function cacheVersion(db: DbOrTx, cache: CacheName): number {
  return versions.get(db)?.get(cache) ?? 0;
}

/** Drops the cache's entries in this process only (what a notification from another process does). */
export function dropHere(db: Db, cache: CacheName, ids: ChangedIds = null) {
  let ofDb = versions.get(db);
  if (!ofDb) versions.set(db, (ofDb = new Map()));
  ofDb.set(cache, (ofDb.get(cache) ?? 0) + 1);
  for (const drop of droppers.get(cache) ?? []) drop(db, ids);
}

/** Every cache of this database, in this process (the resync after a lost listening connection). */
export function dropEveryCacheHere(db: Db) {
  for (const cache of CACHE_NAMES) dropHere(db, cache);
}

/** The id of this pool in the notes it sends, so that its own listener skips them. */
export function originOf(db: object): string {
  let id = origins.get(db);
  if (!id) origins.set(db, (id = crypto.randomUUID()));
  return id;
}

/** Where a failed NOTIFY is reported (set by the listener when the app starts). */
export function reportCacheBusErrorsTo(db: object, log: FastifyBaseLogger) {
  loggers.set(db, log);
}

export function noteOf(db: object, cache: CacheName, ids?: readonly (string | number)[] | null): string {
  const note: CacheNote = { cache, ids: ids ? ids.map(String) : null, from: originOf(db) };
  const text = JSON.stringify(note);
  return Buffer.byteLength(text) <= MAX_PAYLOAD ? text : JSON.stringify({ ...note, ids: null });
}

/**
 * After a change committed: drops the cache here, then (PostgreSQL) tells the other processes.
 * Takes the pool, never a transaction: the NOTIFY is a statement of its own, outside the write's
 * transaction, so no commit waits on PostgreSQL's notification queue. Never throws: the change is
 * already stored, and a lost note only leaves other processes on their caches' time limits.
 */
export async function announceCacheChange(db: DbOrTx, cache: CacheName, ids?: readonly (string | number)[] | null) {
  dropHere(db as Db, cache, ids ? ids.map(String) : null);
  if (!isServerDatabase(db)) return;
  try {
    await db.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${noteOf(db, cache, ids)})`);
  } catch (err) {
    loggers.get(db)?.warn({ err }, '缓存失效通知未发出 (cache change not announced)');
  }
}

/** A note as it arrives, or null when it is not one of ours. */
export function parseNote(payload: string): CacheNote | null {
  try {
    const n = JSON.parse(payload) as Partial<CacheNote>;
    if (!CACHE_NAMES.includes(n.cache as CacheName) || typeof n.from !== 'string') return null;
    const ids = Array.isArray(n.ids) ? n.ids.map(String) : null;
    return { cache: n.cache as CacheName, ids, from: n.from };
  } catch {
    return null;
  }
}
