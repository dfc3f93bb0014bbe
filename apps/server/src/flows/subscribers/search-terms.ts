import type { CatalogSubscriber } from '../../modules/catalog/catalog.service.ts';
import { scheduleTermsRefresh } from '../../modules/search/search.service.ts';

/** The search vocabulary (completions, pinyin, did-you-mean) is rebuilt shortly after an operator's catalogue write. */
export const searchTermsSubscriber: CatalogSubscriber = {
  name: 'search-terms',
  catalogWritten: scheduleTermsRefresh,
};
