import type { GoodsQuery } from './types.ts';

/** Every query key of the goods area; a write invalidates `all` (lists, details, tree, brands). */
export const goodsKeys = {
  all: ['goods'] as const,
  pages: () => [...goodsKeys.all, 'page'] as const,
  page: (q: GoodsQuery) => [...goodsKeys.pages(), q] as const,
  detail: (id: number) => [...goodsKeys.all, 'detail', id] as const,
  categories: () => [...goodsKeys.all, 'categories'] as const,
  brands: () => [...goodsKeys.all, 'brands'] as const,
  brandPage: (q: { keyword?: string; pageNum: number; pageSize: number }) => [...goodsKeys.brands(), q] as const,
};
