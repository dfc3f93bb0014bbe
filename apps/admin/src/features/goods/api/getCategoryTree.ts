import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';
import { goodsKeys } from './goodsKeys.ts';
import type { CategoryNode } from './types.ts';

/**
 * The category tree the buyer sees, with goods counts. A store account may not read the console's
 * tree (goods:view): it picks from the buyer's own tree, the same categories without the counts.
 */
export function useCategoryTree() {
  const { store } = useGoodsScope();
  return useQuery({
    queryKey: [...goodsKeys.categories(), store ? 'store' : 'shop'],
    queryFn: ({ signal }) =>
      request.get<CategoryNode[]>(store ? '/member/goods/category/tree' : '/ops/category/tree', undefined, {
        signal,
        silent: true,
      }),
    staleTime: 30_000,
  });
}
