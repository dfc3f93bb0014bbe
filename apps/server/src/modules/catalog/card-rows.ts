import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { cacheVersion, onCacheDropped } from '../../lib/cache-bus.ts';
import * as repo from './catalog.repo.ts';

/**
 * The rows behind goods cards (a search page's ten goods), kept per goods for a moment, as the goods
 * page is (goods-page.ts): an operator's or supplier's write drops them all in every process through
 * the cache bus, and 销量, which orders change without announcing, is at most FRESH_MS old. Search
 * pages show the same popular goods again and again; this spares each page its statement.
 */
const FRESH_MS = 2_000;
const MAX_ROWS = 20_000;

const keptOf = new WeakMap<Db, Map<number, { at: number; row: repo.GoodsCardRow | null }>>();
onCacheDropped('catalog', (db) => keptOf.delete(db));

/** Card rows of the given goods, by id; unknown ids are absent. */
export async function cardRowsOf(ctx: AppContext, ids: number[]): Promise<Map<number, repo.GoodsCardRow>> {
  let kept = keptOf.get(ctx.db);
  if (!kept) keptOf.set(ctx.db, (kept = new Map()));
  const now = Date.now();
  const found = new Map<number, repo.GoodsCardRow>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const hit = kept.get(id);
    if (hit && now - hit.at < FRESH_MS) {
      if (hit.row) found.set(id, hit.row);
    } else missing.push(id);
  }
  if (!missing.length) return found;
  const startedAt = cacheVersion(ctx.db, 'catalog');
  const read = new Map((await repo.cardRowsByIds(ctx.db, missing)).map((r) => [r.id, r]));
  const keep = startedAt === cacheVersion(ctx.db, 'catalog'); // a write while reading: not kept
  if (keep && kept.size + missing.length > MAX_ROWS) kept.clear();
  for (const id of missing) {
    const row = read.get(id) ?? null;
    if (row) found.set(id, row);
    if (keep) kept.set(id, { at: now, row });
  }
  return found;
}
