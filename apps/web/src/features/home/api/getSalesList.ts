import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { homeKeys } from './homeKeys.ts';
import type { GoodsCard } from '../../../lib/catalogTypes.ts';

/** The six best sellers on shelf; 6 is fixed in the path (spec §7). `silent`: no toast on failure. */
export function getSalesList(silent = false) {
  return request.get<GoodsCard[]>('/member/goods/getGoodsSalesList/6', undefined, { silent });
}

export function useSalesList() {
  return useQuery({ queryKey: homeKeys.salesList, queryFn: () => getSalesList() });
}
