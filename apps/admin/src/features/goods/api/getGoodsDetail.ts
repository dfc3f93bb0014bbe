import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';
import type { GoodsDetail } from './types.ts';

/** A goods as the editor opens it (always fresh: an operator edits what is there now). */
export function useGoodsDetail(goodsId: number | null) {
  return useQuery({
    queryKey: goodsKeys.detail(goodsId ?? 0),
    queryFn: ({ signal }) =>
      request.get<GoodsDetail>('/ops/goods/detail', { goodsId: goodsId! }, { signal, silent: true }),
    enabled: goodsId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
