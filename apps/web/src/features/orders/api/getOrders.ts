import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type OrderPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { OrderTab } from '../types.ts';
import { orderKeys } from '../../../lib/queryKeys.ts';

export interface OrderQuery {
  status: OrderTab;
  keyword: string;
  pageNum: number;
}

export function getOrders(q: OrderQuery) {
  return request.get<OrderPage>('/member/order/order/page', {
    status: q.status,
    keyword: q.keyword || undefined,
    pageNum: q.pageNum,
    pageSize: DEFAULT_PAGE_SIZE,
  });
}

/** One page of the member's orders; the reply carries the tab counts too. */
export function useOrders(q: OrderQuery) {
  return useQuery({ queryKey: orderKeys.page(q), queryFn: () => getOrders(q), placeholderData: keepPreviousData, staleTime: 0 });
}
