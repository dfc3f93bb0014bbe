import { useQuery } from '@tanstack/react-query';
import type { DashboardTodos } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { DASHBOARD_REFETCH_MS, dashboardKeys } from './dashboardKeys.ts';

export function getTodo(fresh = false, signal?: AbortSignal) {
  return request.get<DashboardTodos>('/ops/dashboard/todo', fresh ? { fresh: 1 } : undefined, { signal, silent: true });
}

export function useTodo() {
  return useQuery({
    queryKey: dashboardKeys.todo(),
    queryFn: ({ signal }) => getTodo(false, signal),
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
