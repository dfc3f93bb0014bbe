import { useQuery } from '@tanstack/react-query';
import { REQUEST_CACHE_MS } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { supplierKeys } from './supplierKeys.ts';

interface CategoryNode {
  id: number;
  name: string;
}

/** 经营类目 are the shop's top-level categories. */
export function useTopCategories() {
  return useQuery({
    queryKey: supplierKeys.categories,
    queryFn: () => request.get<CategoryNode[]>('/member/goods/category/tree'),
    select: (tree) => tree.map((c) => ({ value: c.id, label: c.name })),
    staleTime: REQUEST_CACHE_MS,
  });
}
