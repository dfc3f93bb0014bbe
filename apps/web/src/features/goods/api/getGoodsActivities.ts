import { useQuery } from '@tanstack/react-query';
import type { ActivityGoodsCard, ServerNow } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { timed } from '../../../lib/serverClock.ts';

const goodsActivityKeys = {
  forGoods: (goodsId: number) => ['activity', 'forGoods', goodsId] as const,
  clock: ['activity', 'clock'] as const,
};

/** The 秒杀 and 限时折扣 a goods is in, for the goods page's banner. */
export function useGoodsActivities(goodsId: number) {
  return useQuery({
    queryKey: goodsActivityKeys.forGoods(goodsId),
    queryFn: () => request.get<ActivityGoodsCard[]>('/member/activity/goods/forGoods', { goodsId }, { silent: true }),
    staleTime: 30_000,
  });
}

/** The server's time, asked once a page when no other reply has brought it (the goods page's banner). */
export function useServerClock(enabled: boolean) {
  return useQuery({
    queryKey: goodsActivityKeys.clock,
    queryFn: () => timed(() => request.get<ServerNow>('/member/activity/clock/now', undefined, { silent: true })),
    enabled,
    staleTime: Infinity,
  });
}
