import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { refreshSearchTerms } from './terms.ts';

/**
 * The search vocabulary (search_terms: completions, pinyin, did-you-mean) follows operators'
 * catalogue writes shortly after them: rebuilt off the request path at most once per
 * TERMS_DELAY_MS however many writes came in between. The goods' search document itself is
 * rewritten in the write's transaction, so search finds a change with the next query.
 */
const TERMS_DELAY_MS = 5_000;
const pending = new WeakMap<Db, NodeJS.Timeout>();

export function scheduleTermsRefresh(ctx: AppContext) {
  if (pending.has(ctx.db)) return;
  const timer = setTimeout(() => {
    pending.delete(ctx.db);
    refreshSearchTerms(ctx.db).catch((err: unknown) => ctx.log.warn({ err }, 'search terms refresh failed'));
  }, TERMS_DELAY_MS);
  timer.unref();
  pending.set(ctx.db, timer);
}

/** On shutdown: a refresh not started yet is dropped (the next write or start-up schedules one). */
export function cancelPendingRefresh(db: Db) {
  clearTimeout(pending.get(db));
  pending.delete(db);
}
