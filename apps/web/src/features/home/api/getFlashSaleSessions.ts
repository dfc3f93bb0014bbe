import { useQuery } from '@tanstack/react-query';
import type { FlashSaleSessions } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { timed } from '../../../lib/serverClock.ts';

export const flashSaleSessionsKey = ['activity', 'flashSaleSessions'] as const;

/** Today's 秒杀 sessions for the home's strip; the reply's `now` sets the page's clock. */
export function useFlashSaleSessions() {
  return useQuery({
    queryKey: flashSaleSessionsKey,
    // Silent: the home's strip simply is not there when its call fails.
    queryFn: () => timed(() => request.get<FlashSaleSessions>('/member/activity/flashSale/sessions', undefined, { silent: true })),
    staleTime: 30_000,
  });
}
