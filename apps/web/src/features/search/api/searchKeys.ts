import type { SearchQuery } from '../types.ts';

/** Query keys of search (the hot words are the home's too: lib/queryKeys.ts). */
export const searchKeys = {
  similarWords: (keyword: string) => ['search', 'similarWords', keyword] as const,
  goods: (query: SearchQuery) => ['search', 'goods', query] as const,
};
