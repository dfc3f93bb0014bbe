import { useQuery } from '@tanstack/react-query';
import type { BuyerActivityPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { timed } from '../../../lib/serverClock.ts';
import { useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';

/**
 * /activity/:id: a published activity page (or a draft through the console's preview token). Every
 * reply refines the server-clock estimate its countdowns tick from. The key sits under ['coupons'] so
 * that a coupon claimed on the page (the shared claim call refreshes every coupon list) reads the
 * page again with its 已领取.
 */
export const activityPageKey = (id: number, preview: string | null, signedIn: boolean) =>
  ['coupons', 'activityPage', id, preview, signedIn] as const;

export function getActivityPage(id: number, preview: string | null) {
  return timed(() =>
    request.get<BuyerActivityPage>('/member/activity/page', preview ? { id, preview } : { id }, { silent: true }),
  );
}

export function useActivityPage(id: number, preview: string | null) {
  const { user } = useSession();
  const signedIn = Boolean(user) || storage.hasTokens();
  return useQuery({
    queryKey: activityPageKey(id, preview, signedIn),
    queryFn: () => getActivityPage(id, preview),
    enabled: id > 0,
    staleTime: 15_000,
    retry: false,
  });
}
