import { useQuery } from '@tanstack/react-query';
import { REQUEST_CACHE_MS } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { catalogKeys } from './catalogKeys.ts';
import type { CategoryNode } from '../types.ts';

export function getCategoryTree() {
  return request.get<CategoryNode[]>('/member/goods/category/tree');
}

/** The tree rarely changes: kept for the whole cache time of spec §9. */
export const categoryTreeQuery = {
  queryKey: catalogKeys.categoryTree,
  queryFn: getCategoryTree,
  staleTime: REQUEST_CACHE_MS,
};

export function useCategoryTree() {
  return useQuery(categoryTreeQuery);
}
