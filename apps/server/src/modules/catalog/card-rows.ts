import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { cacheVersion, onCacheDropped } from '../../lib/cache-bus.ts';
import * as repo from './catalog.repo.ts';
import { keepingAt } from './kept-moment.ts';

/**
 * The rows behind goods cards (a search page's ten goods), kept per goods for a moment, as the goods
 * page is (kept-moment.ts): an operator's or supplier's write drops them all in every process through
 * the cache bus; 销量, which orders change without announcing, is read again once a row is FRESH_MS old,
 * the page answering meanwhile with the row as it was. Search pages show the same popular goods again
 * and again; this spares each page its statement, and its wait when a row comes due.
 */
const MAX_ROWS = 20_000;

interface KeptRow {
  at: number;
  /** null: no such goods (so that asking again costs no statement). */
  row: repo.GoodsCardRow | null;
  refreshing: boolean;
}

type ReadRows = (db: Db, ids: number[]) => Promise<repo.GoodsCardRow[]>;

/** Card rows of the given goods, by id; unknown ids are absent. */
export const cardRowsOf = keptCardRows(repo.cardRowsByIds);

/** cardRowsOf around a reader of the rows (the catalogue's statement; a test's own). */
export function keptCardRows(readRows: ReadRows) {
  const keptOf = new WeakMap<Db, Map<number, KeptRow>>();
  onCacheDropped('catalog', (db) => keptOf.delete(db));

  /** Reads rows and keeps them, unless the catalogue was written meanwhile. */
  async function readAndKeep(ctx: AppContext, kept: Map<number, KeptRow>, ids: number[]) {
    const at = Date.now();
    const startedAt = cacheVersion(ctx.db, 'catalog');
    const read = new Map((await readRows(ctx.db, ids)).map((r) => [r.id, r]));
    const keep = startedAt === cacheVersion(ctx.db, 'catalog'); // a write while reading: not kept
    if (keep) {
      if (kept.size + ids.length > MAX_ROWS) kept.clear();
      for (const id of ids) kept.set(id, { at, row: read.get(id) ?? null, refreshing: false });
    }
    return read;
  }

  return async (ctx: AppContext, ids: number[]): Promise<Map<number, repo.GoodsCardRow>> => {
    let kept = keptOf.get(ctx.db);
    if (!kept) keptOf.set(ctx.db, (kept = new Map()));
    const now = Date.now();
    const found = new Map<number, repo.GoodsCardRow>();
    const missing: number[] = [];
    const due: number[] = [];
    for (const id of new Set(ids)) {
      const hit = kept.get(id);
      const keeping = hit ? keepingAt(now - hit.at) : 'gone';
      if (!hit || keeping === 'gone') {
        missing.push(id);
        continue;
      }
      if (hit.row) found.set(id, hit.row);
      if (keeping === 'read-again' && !hit.refreshing) {
        hit.refreshing = true;
        due.push(id);
      }
    }
    if (due.length) {
      readAndKeep(ctx, kept, due).catch(() => {
        for (const id of due) {
          const hit = kept.get(id);
          if (hit) hit.refreshing = false; // the next page asks again
        }
      });
    }
    if (!missing.length) return found;
    for (const [id, row] of await readAndKeep(ctx, kept, missing)) found.set(id, row);
    return found;
  };
}
