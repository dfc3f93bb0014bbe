import type { AppContext } from '../../lib/context.ts';
import { addDictionaryWords } from '../../lib/tokenize.ts';
import { announceCacheChange } from '../../lib/cache-bus.ts';
import { publishCatalogWritten } from './catalog-moments.ts';

/**
 * What an operator's catalogue write must reach, after its transaction committed: at once, in every
 * server process (the cache bus, lib/cache-bus.ts), the catalogue's cached tree, brands, best sellers
 * and pictures and every cache subscribed to 'catalog' (search's results); then the catalogue's
 * subscribers in this process (the search vocabulary, rebuilt shortly after and announced in turn:
 * flows/subscribers/search-terms.ts).
 */
export async function catalogChanged(ctx: AppContext) {
  await announceCacheChange(ctx.db, 'catalog');
  publishCatalogWritten(ctx);
}

/**
 * New brand and category names become words of the segmenter before goods are indexed with them,
 * so 紫藤花 (a new brand) is one word in the index as in a buyer's query.
 */
export const learnWords = (words: string[]) => addDictionaryWords(words);
