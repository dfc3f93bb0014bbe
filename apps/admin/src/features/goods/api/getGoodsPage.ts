import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';
import { goodsKeys } from './goodsKeys.ts';
import type { GoodsPage, GoodsQuery } from './types.ts';

export const getGoodsPage = (q: GoodsQuery, signal?: AbortSignal, store = false) =>
  request.get<GoodsPage>(store ? '/ops/store/goods/page' : '/ops/goods/page', { ...q }, { signal, silent: true });

/** One page of the goods list (the shop's, or the store's in 本店商品); the previous page stays while the next loads. */
export function useGoodsPage(q: GoodsQuery) {
  const { store } = useGoodsScope();
  return useQuery({
    queryKey: [...goodsKeys.page(q), store ? 'store' : 'shop'],
    queryFn: ({ signal }) => getGoodsPage(q, signal, store),
    placeholderData: keepPreviousData,
  });
}
