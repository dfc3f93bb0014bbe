import { useQuery } from '@tanstack/react-query';
import { REQUEST_CACHE_MS } from '@mall/shared';
import { request } from './request.ts';
import { categoryTreeKey } from './queryKeys.ts';
import type { CategoryNode } from './catalogTypes.ts';

/** `silent`: no toast on failure. */
export function getCategoryTree(silent = false) {
  return request.get<CategoryNode[]>('/member/goods/category/tree', undefined, { silent });
}

/** The tree rarely changes: kept for the whole cache time of spec §9. */
export function useCategoryTree() {
  return useQuery({ queryKey: categoryTreeKey, queryFn: () => getCategoryTree(), staleTime: REQUEST_CACHE_MS });
}
