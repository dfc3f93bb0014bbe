import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardByCategory, DashboardRange } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { DASHBOARD_REFETCH_MS, dashboardKeys } from './dashboardKeys.ts';

export function getByCategory(range: DashboardRange, fresh = false, signal?: AbortSignal) {
  return request.get<DashboardByCategory>(
    '/ops/dashboard/byCategory',
    { range, ...(fresh ? { fresh: 1 } : {}) },
    { signal, silent: true },
  );
}

export function useByCategory(range: DashboardRange) {
  return useQuery({
    queryKey: dashboardKeys.byCategory(range),
    queryFn: ({ signal }) => getByCategory(range, false, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
