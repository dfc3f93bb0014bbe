import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardRange, DashboardSummary } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { DASHBOARD_REFETCH_MS, dashboardKeys } from './dashboardKeys.ts';

/** `fresh`: computed now (刷新) instead of the figures the server shares for 30 s. */
export function getSummary(range: DashboardRange, fresh = false, signal?: AbortSignal) {
  return request.get<DashboardSummary>(
    '/ops/dashboard/summary',
    { range, ...(fresh ? { fresh: 1 } : {}) },
    { signal, silent: true },
  );
}

export function useSummary(range: DashboardRange) {
  return useQuery({
    queryKey: dashboardKeys.summary(range),
    queryFn: ({ signal }) => getSummary(range, false, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
