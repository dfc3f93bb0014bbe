import { useQuery } from '@tanstack/react-query';
import type { FlashSaleSessions } from '@mall/shared';
import { request } from './request.ts';
import { timed } from './serverClock.ts';

/**
 * Today's 秒杀 sessions: the home's strip and the 秒杀 会场 (/flashSale) read the same call and the same
 * cache. The reply's `now` sets the page's clock.
 */
export const flashSaleSessionsKey = ['activity', 'flashSaleSessions'] as const;

/** `refreshMs`: the 会场 keeps its 已抢 figures fresh while it is open; the strip asks once. */
export function useFlashSaleSessions({ refreshMs }: { refreshMs?: number } = {}) {
  return useQuery({
    queryKey: flashSaleSessionsKey,
    // Silent: the home's strip simply is not there when its call fails; the 会场 says so itself.
    queryFn: () => timed(() => request.get<FlashSaleSessions>('/member/activity/flashSale/sessions', undefined, { silent: true })),
    staleTime: 30_000,
    refetchInterval: refreshMs ?? false,
  });
}
