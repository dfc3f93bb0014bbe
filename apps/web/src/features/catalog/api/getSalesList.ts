import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { catalogKeys } from './catalogKeys.ts';
import type { GoodsCard } from '../types.ts';

/** The six best sellers on shelf; 6 is fixed in the path (spec §7). */
export function getSalesList() {
  return request.get<GoodsCard[]>('/member/goods/getGoodsSalesList/6');
}

export const salesListQuery = { queryKey: catalogKeys.salesList, queryFn: getSalesList };

export function useSalesList() {
  return useQuery(salesListQuery);
}
