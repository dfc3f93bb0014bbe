import { goodsKeys as catalogueKeys } from '../../../entities/goods/api/goodsKeys.ts';

/**
 * Every query key of the goods area: the catalogue's pages, details and category tree (shared with
 * other screens) and this area's own; a write invalidates `all` (lists, details, tree, brands).
 */
export const goodsKeys = {
  ...catalogueKeys,
  brands: () => [...catalogueKeys.all, 'brands'] as const,
  brandPage: (q: { keyword?: string; pageNum: number; pageSize: number }) => [...goodsKeys.brands(), q] as const,
};
