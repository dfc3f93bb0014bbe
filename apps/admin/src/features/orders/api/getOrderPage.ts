import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleOrderPage, OrderStatus } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { ordersKeys } from './ordersKeys.ts';

/** The list's filters as GET /ops/order/list (and the export) take them; days are shop days (Asia/Shanghai). */
export interface OrderFilter {
  status?: 'ALL' | OrderStatus;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
  paymentMethod?: string;
}

export interface OrderQuery extends OrderFilter {
  pageNum: number;
  pageSize: number;
}

export function getOrderPage(q: OrderQuery, signal?: AbortSignal) {
  return request.get<ConsoleOrderPage>('/ops/order/list', { ...q }, { signal, silent: true });
}

/** Silent: the table shows a failure with 重试 instead of a toast. */
export function useOrderPage(q: OrderQuery) {
  return useQuery({
    queryKey: ordersKeys.page(q),
    queryFn: ({ signal }) => getOrderPage(q, signal),
    placeholderData: keepPreviousData,
  });
}
