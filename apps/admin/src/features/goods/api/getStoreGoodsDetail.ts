import { useQuery } from '@tanstack/react-query';
import { getGoodsDetail } from '../../../entities/goods/api/getGoodsDetail.ts';
import { goodsKeys } from '../../../entities/goods/api/goodsKeys.ts';
import type { GoodsDetail } from '../../../entities/goods/types.ts';
import { request } from '../../../lib/request.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';

/** 本店商品: one of the store's own goods (the server checks that it is the store's). */
export const getStoreGoodsDetail = (goodsId: number, signal?: AbortSignal) =>
  request.get<GoodsDetail>('/ops/store/goods/detail', { id: goodsId }, { signal, silent: true });

/** A goods as the editor opens it, the shop's or the store's by the screen's scope (always fresh: an operator edits what is there now). */
export function useScopedGoodsDetail(goodsId: number | null) {
  const { store } = useGoodsScope();
  const id = goodsId ?? 0;
  return useQuery({
    queryKey: store ? [...goodsKeys.detail(id), 'store'] : goodsKeys.detail(id),
    queryFn: ({ signal }) => (store ? getStoreGoodsDetail(id, signal) : getGoodsDetail(id, signal)),
    enabled: goodsId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
