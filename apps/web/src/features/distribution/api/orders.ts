import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CommissionStatusCode,
  DistributionOrder,
  DistributionOrderDetail,
  DistributionPage,
  DistributionProgramme,
} from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { distributionKeys } from './keys.ts';

export const ORDERS_PAGE_SIZE = 10;

export interface OrdersQuery {
  status?: CommissionStatusCode;
  /** Days in Asia/Shanghai, YYYY-MM-DD. */
  from?: string;
  to?: string;
  pageNum: number;
}

export function useDistributionOrders(programme: DistributionProgramme, q: OrdersQuery) {
  return useQuery({
    queryKey: distributionKeys.orders(programme, q),
    queryFn: () =>
      request.get<DistributionPage<DistributionOrder>>(
        '/member/distribution/order/page',
        { programme, ...q, pageSize: ORDERS_PAGE_SIZE },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDistributionOrder(programme: DistributionProgramme, orderNo: string) {
  return useQuery({
    queryKey: distributionKeys.order(programme, orderNo),
    queryFn: () =>
      request.get<DistributionOrderDetail>('/member/distribution/order/detail', { programme, orderNo }, { silent: true }),
    enabled: /^\d{8,32}$/.test(orderNo),
    retry: false,
    staleTime: 0,
  });
}
