import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { orderKeys } from '../../../lib/queryKeys.ts';

export function getOrderDetail(orderNo: string) {
  // silent: a missing order is shown by the page itself.
  return request.get<OrderDetail>('/member/order/order/detail', { orderNo }, { silent: true });
}

export function useOrderDetail(orderNo: string | undefined) {
  return useQuery({
    queryKey: orderKeys.detail(orderNo ?? ''),
    queryFn: () => getOrderDetail(orderNo!),
    enabled: Boolean(orderNo),
    staleTime: 0,
  });
}
