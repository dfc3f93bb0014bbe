import { useQuery } from '@tanstack/react-query';
import type { BuyerActivityPageList } from '@mall/shared';
import { request } from '../../../lib/request.ts';

export const activityPageListKey = ['activity', 'pageList'] as const;

/** The home's 活动专区: the published, current activity pages (title, subtitle, cover). */
export function useActivityPageList() {
  return useQuery({
    queryKey: activityPageListKey,
    // Silent: the home's 活动专区 simply is not there when its call fails.
    queryFn: () => request.get<BuyerActivityPageList>('/member/activity/page/list', undefined, { silent: true }),
    staleTime: 60_000,
  });
}
