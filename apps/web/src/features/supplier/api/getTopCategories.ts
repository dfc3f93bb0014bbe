import { useQuery } from '@tanstack/react-query';
import { REQUEST_CACHE_MS } from '@mall/shared';
import { getCategoryTree } from '../../../lib/categoryTree.ts';
import { categoryTreeKey } from '../../../lib/queryKeys.ts';

/** 经营类目 are the shop's top-level categories: the catalogue's cached tree, read once for both. */
export function useTopCategories() {
  return useQuery({
    queryKey: categoryTreeKey,
    queryFn: () => getCategoryTree(),
    select: (tree) => tree.map((c) => ({ value: c.id, label: c.name })),
    staleTime: REQUEST_CACHE_MS,
  });
}
