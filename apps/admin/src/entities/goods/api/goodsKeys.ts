import type { GoodsQuery } from '../types.ts';

/**
 * The catalogue's query keys. The goods feature's own keys (brands, review) sit under the
 * same `all`, so one invalidation after a catalogue write refreshes every picker and list too.
 */
export const goodsKeys = {
  all: ['goods'] as const,
  pages: () => [...goodsKeys.all, 'page'] as const,
  page: (q: GoodsQuery) => [...goodsKeys.pages(), q] as const,
  detail: (id: number) => [...goodsKeys.all, 'detail', id] as const,
  categories: () => [...goodsKeys.all, 'categories'] as const,
};
