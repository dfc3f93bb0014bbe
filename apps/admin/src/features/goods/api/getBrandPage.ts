import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';
import type { BrandPage } from './types.ts';

export interface BrandQuery {
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

/** One page of brands (by name or 英文名), with how many goods each has. */
export function useBrandPage(q: BrandQuery, enabled = true) {
  return useQuery({
    queryKey: goodsKeys.brandPage(q),
    queryFn: ({ signal }) => request.get<BrandPage>('/ops/brand/list', { ...q }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
