import { useQueries, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { GoodsDetail } from '../types.ts';
import { goodsKeys } from './goodsKeys.ts';

/** One goods with its specs and SKUs (permission goods:view). Silent: the caller says what failed. */
export const getGoodsDetail = (goodsId: number, signal?: AbortSignal) =>
  request.get<GoodsDetail>('/ops/goods/detail', { goodsId }, { signal, silent: true });

/** Always read afresh: an operator prices and stocks against what the goods is now. */
const fresh = { staleTime: 0 } as const;

export function useGoodsDetail(goodsId: number | null) {
  return useQuery({
    queryKey: goodsKeys.detail(goodsId ?? 0),
    queryFn: ({ signal }) => getGoodsDetail(goodsId!, signal),
    enabled: goodsId !== null,
    ...fresh,
  });
}

/** Several goods at once, each cached as useGoodsDetail caches it (names of goods chosen earlier). */
export function useGoodsDetails(goodsIds: number[]) {
  return useQueries({
    queries: goodsIds.map((id) => ({
      queryKey: goodsKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getGoodsDetail(id, signal),
      ...fresh,
    })),
  });
}
