import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { refreshSearchTerms } from '../search/terms.ts';
import { addDictionaryWords } from '../search/tokenize.ts';
import { invalidateCatalog } from './catalog.service.ts';

/**
 * What an operator's catalogue write must reach, after its transaction committed:
 * - at once: the catalogue's cached tree, brands, best sellers and pictures, and everything that
 *   listens to onCatalogChange (search's result cache). The goods' search document itself was
 *   rewritten in the transaction (goods-writer.ts), so search finds the change with the next query;
 * - shortly after: the search vocabulary (search_terms: completions, pinyin, did-you-mean), rebuilt
 *   off the request path at most once per TERMS_DELAY_MS however many writes came in between.
 */
const TERMS_DELAY_MS = 5_000;
const pending = new WeakMap<Db, NodeJS.Timeout>();

export function catalogChanged(ctx: AppContext) {
  invalidateCatalog(ctx.db);
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

/**
 * New brand and category names become words of the segmenter before goods are indexed with them,
 * so 紫藤花 (a new brand) is one word in the index as in a buyer's query.
 */
export const learnWords = (words: string[]) => addDictionaryWords(words);
