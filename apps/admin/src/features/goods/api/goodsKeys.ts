import { goodsKeys as catalogueKeys } from '../../../entities/goods/api/goodsKeys.ts';

/**
 * Every query key of the goods area: the catalogue's pages and details (shared with the pickers of
 * other screens) and this area's own; a write invalidates `all` (lists, details, tree, brands).
 */
export const goodsKeys = {
  ...catalogueKeys,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  brands: () => [...catalogueKeys.all, 'brands'] as const,
  brandPage: (q: { keyword?: string; pageNum: number; pageSize: number }) => [...goodsKeys.brands(), q] as const,
};
