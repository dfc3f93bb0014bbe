import { useQuery } from '@tanstack/react-query';
import { getCategoryTree } from '../../../entities/goods/api/getCategoryTree.ts';
import { goodsKeys } from '../../../entities/goods/api/goodsKeys.ts';
import type { CategoryNode } from '../../../entities/goods/types.ts';
import { request } from '../../../lib/request.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';

/**
 * 本店商品: a store account may not read the console's tree (goods:view), so it picks from the buyer's
 * own tree, the same categories without the counts.
 */
export const getStoreCategoryTree = (signal?: AbortSignal) =>
  request.get<CategoryNode[]>('/member/goods/category/tree', undefined, { signal, silent: true });

/** The category tree the buyer sees, the console's (with goods counts) or the store's by the screen's scope. */
export function useScopedCategoryTree() {
  const { store } = useGoodsScope();
  return useQuery({
    queryKey: store ? [...goodsKeys.categories(), 'store'] : goodsKeys.categories(),
    queryFn: ({ signal }) => (store ? getStoreCategoryTree(signal) : getCategoryTree(signal)),
    staleTime: 30_000,
  });
}
