import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';
import type { CategoryNode } from './types.ts';

/** The category tree the buyer sees, with goods counts. */
export function useCategoryTree() {
  return useQuery({
    queryKey: goodsKeys.categories(),
    queryFn: ({ signal }) => request.get<CategoryNode[]>('/ops/category/tree', undefined, { signal, silent: true }),
    staleTime: 30_000,
  });
}
