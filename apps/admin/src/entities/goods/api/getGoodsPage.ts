import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { GoodsPage, GoodsQuery } from '../types.ts';
import { goodsKeys } from './goodsKeys.ts';

/** One page of the shop's goods (permission goods:view). Silent: each screen says what failed its way. */
export const getGoodsPage = (q: GoodsQuery, signal?: AbortSignal) =>
  request.get<GoodsPage>('/ops/goods/page', { ...q }, { signal, silent: true });

/** A page of goods; null asks nothing (a picker before anything is typed). The last page stays while the next loads. */
export function useGoodsPage(q: GoodsQuery | null) {
  return useQuery({
    queryKey: goodsKeys.page(q ?? { pageNum: 0, pageSize: 0 }),
    queryFn: ({ signal }) => getGoodsPage(q!, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}
