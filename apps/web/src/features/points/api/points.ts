import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PointsBalance,
  PointsMallDetail,
  PointsMallPage,
  PointsRules,
  PointsTask,
  SignInCalendar,
  SignInResult,
} from '@mall/shared';
import { request } from '../../../lib/request.ts';

/** Query keys of the points area (the balance, 签到, tasks, rules and the mall). */
export const pointsKeys = {
  member: ['points', 'member'] as const,
  balance: ['points', 'member', 'balance'] as const,
  calendar: (month: string) => ['points', 'member', 'calendar', month] as const,
  tasks: ['points', 'member', 'tasks'] as const,
  rules: ['points', 'rules'] as const,
  mall: (q: MallQuery) => ['points', 'mall', 'page', q] as const,
  mallDetail: (id: number) => ['points', 'mall', 'detail', id] as const,
};

export type MallSort = 'DEFAULT' | 'POINTS_ASC' | 'POINTS_DESC' | 'HOT';
export interface MallQuery {
  category?: string;
  sort: MallSort;
  pageNum: number;
  pageSize: number;
}

export function usePointsBalance(enabled: boolean) {
  return useQuery({
    queryKey: pointsKeys.balance,
    queryFn: () => request.get<PointsBalance>('/member/points/account/balance', undefined, { silent: true }),
    enabled,
    staleTime: 0,
  });
}

export function useSignInCalendar(month: string, enabled: boolean) {
  return useQuery({
    queryKey: pointsKeys.calendar(month),
    queryFn: () => request.get<SignInCalendar>('/member/points/signIn/calendar', { month }, { silent: true }),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function usePointsTasks(enabled: boolean) {
  return useQuery({
    queryKey: pointsKeys.tasks,
    queryFn: () => request.get<PointsTask[]>('/member/points/task/list', undefined, { silent: true }),
    enabled,
    staleTime: 0,
  });
}

export function usePointsRules() {
  return useQuery({
    queryKey: pointsKeys.rules,
    queryFn: () => request.get<PointsRules>('/member/points/rules'),
    staleTime: 60_000,
  });
}

/** 签到: the balance, the calendar and the tasks are read again afterwards (a refusal too: it may have been signed elsewhere). */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request.post<SignInResult>('/member/points/signIn/sign', {}, { silent: true }),
    onSettled: () => void client.invalidateQueries({ queryKey: pointsKeys.member }),
  });
}

export function usePointsMall(q: MallQuery) {
  const params: Record<string, unknown> = { sort: q.sort, pageNum: q.pageNum, pageSize: q.pageSize };
  if (q.category) params.category = q.category;
  return useQuery({
    queryKey: pointsKeys.mall(q),
    queryFn: () => request.get<PointsMallPage>('/member/points/mall/page', params),
    placeholderData: keepPreviousData,
  });
}

export function usePointsMallDetail(id: number) {
  return useQuery({
    queryKey: pointsKeys.mallDetail(id),
    queryFn: () => request.get<PointsMallDetail>('/member/points/mall/detail', { id }, { silent: true }),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
