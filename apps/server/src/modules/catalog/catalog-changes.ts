import type { AppContext } from '../../lib/context.ts';
import { addDictionaryWords } from '../../lib/tokenize.ts';
import { publishCatalogWritten } from './catalog-moments.ts';
import { invalidateCatalog } from './catalog.service.ts';

/**
 * What an operator's catalogue write must reach, after its transaction committed: at once, the
 * catalogue's cached tree, brands, best sellers and pictures, and everything that listens to
 * onCatalogChange (search's result cache); then the catalogue's subscribers (the search vocabulary,
 * rebuilt shortly after: flows/subscribers/search-terms.ts).
 */
export function catalogChanged(ctx: AppContext) {
  invalidateCatalog(ctx.db);
  publishCatalogWritten(ctx);
}

/**
 * New brand and category names become words of the segmenter before goods are indexed with them,
 * so 紫藤花 (a new brand) is one word in the index as in a buyer's query.
 */
export const learnWords = (words: string[]) => addDictionaryWords(words);
