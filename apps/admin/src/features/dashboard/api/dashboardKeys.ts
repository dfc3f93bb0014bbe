import type { DashboardRange } from '@mall/shared';

/** Query keys of the 工作台: its figures per period, and the to-dos. */
export const dashboardKeys = {
  all: ['ops', 'dashboard'] as const,
  summary: (range: DashboardRange) => [...dashboardKeys.all, 'summary', range] as const,
  trend: (range: DashboardRange) => [...dashboardKeys.all, 'trend', range] as const,
  byCategory: (range: DashboardRange) => [...dashboardKeys.all, 'byCategory', range] as const,
  todo: () => [...dashboardKeys.all, 'todo'] as const,
};

/** The server shares a period's figures for 30 s; the screen asks again every minute while open. */
export const DASHBOARD_REFETCH_MS = 60_000;
