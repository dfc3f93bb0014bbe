import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';
import { goodsKeys } from './goodsKeys.ts';
import type { GoodsDetail } from './types.ts';

/** Reads a goods: the shop's (any goods) or, in 本店商品, one of the store's own (the server checks). */
export const getGoodsDetail = (goodsId: number, store: boolean, signal?: AbortSignal) =>
  store
    ? request.get<GoodsDetail>('/ops/store/goods/detail', { id: goodsId }, { signal, silent: true })
    : request.get<GoodsDetail>('/ops/goods/detail', { goodsId }, { signal, silent: true });

/** A goods as the editor opens it (always fresh: an operator edits what is there now). */
export function useGoodsDetail(goodsId: number | null) {
  const { store } = useGoodsScope();
  return useQuery({
    queryKey: [...goodsKeys.detail(goodsId ?? 0), store ? 'store' : 'shop'],
    queryFn: ({ signal }) => getGoodsDetail(goodsId!, store, signal),
    enabled: goodsId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
