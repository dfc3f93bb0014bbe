import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';
import type { GoodsPage, GoodsQuery } from './types.ts';

export const getGoodsPage = (q: GoodsQuery, signal?: AbortSignal) =>
  request.get<GoodsPage>('/ops/goods/page', { ...q }, { signal, silent: true });

/** One page of the goods list; the previous page stays on screen while the next loads. */
export function useGoodsPage(q: GoodsQuery) {
  return useQuery({
    queryKey: goodsKeys.page(q),
    queryFn: ({ signal }) => getGoodsPage(q, signal),
    placeholderData: keepPreviousData,
  });
}
