import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getGoodsPage } from '../../../entities/goods/api/getGoodsPage.ts';
import { goodsKeys } from '../../../entities/goods/api/goodsKeys.ts';
import type { GoodsPage, GoodsQuery } from '../../../entities/goods/types.ts';
import { request } from '../../../lib/request.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';

/** 本店商品: a page of the store's own goods (the server takes the store from the session). */
export const getStoreGoodsPage = (q: GoodsQuery, signal?: AbortSignal) =>
  request.get<GoodsPage>('/ops/store/goods/page', { ...q }, { signal, silent: true });

/** One page of the goods list, the shop's or the store's by the screen's scope; the previous page stays while the next loads. */
export function useScopedGoodsPage(q: GoodsQuery) {
  const { store } = useGoodsScope();
  return useQuery({
    queryKey: store ? [...goodsKeys.page(q), 'store'] : goodsKeys.page(q),
    queryFn: ({ signal }) => (store ? getStoreGoodsPage(q, signal) : getGoodsPage(q, signal)),
    placeholderData: keepPreviousData,
  });
}
