import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { CategoryNode } from '../types.ts';
import { goodsKeys } from './goodsKeys.ts';

/** The whole category tree with goods counts (permission goods:view). Silent: the picker says it failed. */
export const getCategoryTree = (signal?: AbortSignal) =>
  request.get<CategoryNode[]>('/ops/category/tree', undefined, { signal, silent: true });

/** The tree changes seldom; a catalogue write invalidates it (goodsKeys.all). */
export function useCategoryTree() {
  return useQuery({
    queryKey: goodsKeys.categories(),
    queryFn: ({ signal }) => getCategoryTree(signal),
    staleTime: 30_000,
  });
}
