import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityGoodsDetail, ActivityReminders, ActivityRemindResult } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { msUntil, serverOffset, timed } from '../../../lib/serverClock.ts';

/**
 * The activity goods page's calls: one activity goods (/activityGoodsDetail) and 提醒我. Every reply
 * with `now` sets the page's clock (lib/serverClock). Today's sessions are the home's
 * (lib/useFlashSaleSessions.ts, shared with the 秒杀 会场), a goods' activities the goods page's
 * (features/goods/api/getGoodsActivities.ts).
 */
export const activityGoodsKeys = {
  goods: (activityId: number, skuId: number) => ['activity', 'goods', activityId, skuId] as const,
  reminders: (activityId: number) => ['activity', 'reminders', activityId] as const,
};

const ID = /^[1-9]\d{0,9}$/;
/** `activityId` and `skuId` of /activityGoodsDetail, or null when the address has none that could be one. */
export function activityGoodsIdsFrom(params: URLSearchParams): { activityId: number; skuId: number } | null {
  const a = params.get('activityId') ?? '';
  const s = params.get('skuId') ?? '';
  if (!ID.test(a) || !ID.test(s)) return null;
  const activityId = Number(a);
  const skuId = Number(s);
  return activityId <= 2_147_483_647 && skuId <= 2_147_483_647 ? { activityId, skuId } : null;
}

export function useActivityGoods(ids: { activityId: number; skuId: number } | null, signedIn: boolean) {
  return useQuery({
    // The member's limit left depends on who asks.
    queryKey: [...activityGoodsKeys.goods(ids?.activityId ?? 0, ids?.skuId ?? 0), signedIn],
    // Silent: an unknown activity is said by the page itself.
    queryFn: () => timed(() => request.get<ActivityGoodsDetail>('/member/activity/goods/detail', ids!, { silent: true })),
    enabled: ids !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => {
      const d = q.state.data;
      // The countdown reached the start but the server still said 即将开始 (the clock estimate is off by up
      // to half a round trip): ask each second until it says 进行中. While it runs, the progress stays fresh.
      if (d?.phase === 'UPCOMING') return msUntil(d.startsAt, serverOffset().offsetMs, Date.now()) <= 0 ? 1000 : false;
      return d?.phase === 'RUNNING' ? 15_000 : false;
    },
  });
}

export function useMyReminders(activityId: number | null, signedIn: boolean) {
  return useQuery({
    queryKey: activityGoodsKeys.reminders(activityId ?? 0),
    queryFn: () => timed(() => request.get<ActivityReminders>('/member/activity/remind/mine', { activityId }, { silent: true })),
    enabled: signedIn && activityId !== null,
  });
}

/** 提醒我 / 取消提醒: the server answers the same to a second click; the reminders are asked again after. */
export function useRemind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, skuId, on }: { activityId: number; skuId: number; on: boolean }) =>
      request.post<ActivityRemindResult>(on ? '/member/activity/remind' : '/member/activity/remind/cancel', { activityId, skuId }),
    onSettled: (_r, _e, v) => client.invalidateQueries({ queryKey: activityGoodsKeys.reminders(v.activityId) }),
  });
}
