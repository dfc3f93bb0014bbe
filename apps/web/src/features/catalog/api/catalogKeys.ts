import { categoryTreeKey } from '../../../lib/queryKeys.ts';
import type { SearchQuery } from '../types.ts';

/** Query keys of the catalogue and search (favourites and the category tree are shared: lib/queryKeys.ts). */
export const catalogKeys = {
  categoryTree: categoryTreeKey,
  salesList: ['catalog', 'salesList'] as const,
  /** Every goods detail (the start of each one's key). */
  goodsDetails: ['catalog', 'goodsDetail'] as const,
  goodsDetail: (id: number | null) => ['catalog', 'goodsDetail', id] as const,
  reviews: (goodsId: number, filter: string, pageNum: number) => ['catalog', 'reviews', goodsId, filter, pageNum] as const,
  recommend: (pageNum: number, pageSize: number) => ['catalog', 'recommend', pageNum, pageSize] as const,
  hotKeys: ['search', 'hotKeys'] as const,
  similarWords: (keyword: string) => ['search', 'similarWords', keyword] as const,
  search: (query: SearchQuery) => ['search', 'goods', query] as const,
};
