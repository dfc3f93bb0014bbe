import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { GoodsDetail } from '../types.ts';

/** Off shelf answers 107301 (the request layer shows 商品已下架); unknown ids answer 404. */
export function getGoodsDetail(id: number) {
  return request.get<GoodsDetail>(`/member/goods/goods/detail/${id}`, undefined, { silent: false });
}

export function useGoodsDetail(id: number | null) {
  return useQuery({
    queryKey: ['catalog', 'goodsDetail', id],
    queryFn: () => getGoodsDetail(id!),
    enabled: id !== null,
    // A refetch on focus would open the off-shelf dialog again.
    refetchOnWindowFocus: false,
  });
}
