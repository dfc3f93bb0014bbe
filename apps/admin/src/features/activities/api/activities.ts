import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityKind, ActivityStatus, ConsoleActivity, ConsoleActivityPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { ActivityRequest } from '../components/activity-form.ts';

/** /ops/promotion/activity/* (permission promotion:edit). */
const BASE = '/ops/promotion/activity';

export interface ActivityQuery {
  kind?: ActivityKind;
  status?: ActivityStatus;
  pageNum: number;
  pageSize: number;
}

const keys = {
  all: ['ops', 'activities'] as const,
  page: (q: ActivityQuery) => ['ops', 'activities', 'page', q] as const,
  detail: (id: number) => ['ops', 'activities', 'detail', id] as const,
};

const clean = (q: ActivityQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export function useActivityPage(q: ActivityQuery) {
  return useQuery({
    queryKey: keys.page(q),
    queryFn: ({ signal }) => request.get<ConsoleActivityPage>(`${BASE}/page`, clean(q), { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useActivityDetail(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => request.get<ConsoleActivity>(`${BASE}/detail`, { id: id! }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });
}

function useActivityWrite<V>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => request.post<ConsoleActivity>(`${BASE}/${url}`, v, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
export const useCreateActivity = () => useActivityWrite<ActivityRequest>('create');
export const useUpdateActivity = () => useActivityWrite<ActivityRequest & { id: number }>('update');
export const useScheduleActivity = () => useActivityWrite<{ id: number }>('schedule');
export const useCancelActivity = () => useActivityWrite<{ id: number }>('cancel');
