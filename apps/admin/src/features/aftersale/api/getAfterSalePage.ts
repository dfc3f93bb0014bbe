import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AfterSaleStatus, ConsoleAfterSalePage } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { aftersaleKeys } from './aftersaleKeys.ts';

export interface AfterSaleQuery {
  status: 'ALL' | AfterSaleStatus;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export function getAfterSalePage(q: AfterSaleQuery, signal?: AbortSignal) {
  return request.get<ConsoleAfterSalePage>('/ops/afterSale/page', { ...q }, { signal, silent: true });
}

/** The review queue (waiting statuses oldest first). Silent: the table shows a failure with 重试. */
export function useAfterSalePage(q: AfterSaleQuery) {
  return useQuery({
    queryKey: aftersaleKeys.page(q),
    queryFn: ({ signal }) => getAfterSalePage(q, signal),
    placeholderData: keepPreviousData,
  });
}
