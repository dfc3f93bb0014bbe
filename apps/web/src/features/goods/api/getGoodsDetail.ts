import { useQuery } from '@tanstack/react-query';
import { Code } from '@mall/shared';
import { request, RequestError } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';
import type { GoodsDetail } from '../types.ts';

const GOODS_ID = /^[1-9]\d{0,8}$/;

/**
 * Unknown ids (107302) and failures are shown by the page itself, so the first ask is silent.
 * Off shelf (107301) is asked once more aloud so that the request layer shows its 商品已下架
 * dialog (spec §8) exactly as for any other call — unless `quiet` (an early ask, see app/firstData.ts).
 */
export async function getGoodsDetail(id: number, quiet = false) {
  const url = `/member/goods/goods/detail/${id}`;
  try {
    return await request.get<GoodsDetail>(url, undefined, { silent: true });
  } catch (err) {
    if (!quiet && err instanceof RequestError && err.code === Code.GOODS_OFF_SHELF)
      return request.get<GoodsDetail>(url);
    throw err;
  }
}

export const goodsDetailQuery = (id: number) => ({
  queryKey: goodsKeys.detail(id),
  queryFn: () => getGoodsDetail(id),
});

/**
 * The goods id of `/goodsDetail?id=` or `/goodsDetail?goodsId=` (the console's banner links and older
 * shared links use the second), or null when the address has none that could be one.
 */
export function goodsIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('id') ?? params.get('goodsId') ?? '';
  return GOODS_ID.test(raw) ? Number(raw) : null;
}

export function useGoodsDetail(id: number | null) {
  return useQuery({
    ...goodsDetailQuery(id ?? 0),
    enabled: id !== null,
    // A refetch on focus would open the off-shelf dialog again.
    refetchOnWindowFocus: false,
  });
}
