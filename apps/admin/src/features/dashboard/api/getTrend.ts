import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardRange, DashboardTrend } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { DASHBOARD_REFETCH_MS, dashboardKeys } from './dashboardKeys.ts';

export function getTrend(range: DashboardRange, fresh = false, signal?: AbortSignal) {
  return request.get<DashboardTrend>(
    '/ops/dashboard/trend',
    { range, ...(fresh ? { fresh: 1 } : {}) },
    { signal, silent: true },
  );
}

export function useTrend(range: DashboardRange) {
  return useQuery({
    queryKey: dashboardKeys.trend(range),
    queryFn: ({ signal }) => getTrend(range, false, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
