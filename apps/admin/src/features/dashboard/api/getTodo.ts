import { useQuery } from '@tanstack/react-query';
import type { DashboardTodos } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { DASHBOARD_REFETCH_MS, dashboardKeys } from './dashboardKeys.ts';

export function getTodo(signal?: AbortSignal) {
  return request.get<DashboardTodos>('/ops/dashboard/todo', undefined, { signal, silent: true });
}

export function useTodo() {
  return useQuery({
    queryKey: dashboardKeys.todo(),
    queryFn: ({ signal }) => getTodo(signal),
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
