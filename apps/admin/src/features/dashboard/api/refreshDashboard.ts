import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DashboardRange } from '@mall/shared';
import { getByCategory } from './getByCategory.ts';
import { getSummary } from './getSummary.ts';
import { getTodo } from './getTodo.ts';
import { getTrend } from './getTrend.ts';
import { dashboardKeys } from './dashboardKeys.ts';

/** 刷新: the period's figures computed now (not the shared ones), and the to-dos again. */
export function useRefreshDashboard(range: DashboardRange) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const [summary, trend, byCategory, todo] = await Promise.all([
        getSummary(range, true),
        getTrend(range, true),
        getByCategory(range, true),
        getTodo(true),
      ]);
      client.setQueryData(dashboardKeys.summary(range), summary);
      client.setQueryData(dashboardKeys.trend(range), trend);
      client.setQueryData(dashboardKeys.byCategory(range), byCategory);
      client.setQueryData(dashboardKeys.todo(), todo);
    },
  });
}
