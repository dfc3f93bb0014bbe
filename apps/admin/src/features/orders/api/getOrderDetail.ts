import { useQuery } from '@tanstack/react-query';
import type { ConsoleOrderDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { ordersKeys } from './ordersKeys.ts';

export function getOrderDetail(orderNo: string, signal?: AbortSignal) {
  return request.get<ConsoleOrderDetail>('/ops/order/detail', { orderNo }, { signal, silent: true });
}

export function useOrderDetail(orderNo: string | null) {
  return useQuery({
    queryKey: ordersKeys.detail(orderNo ?? ''),
    queryFn: ({ signal }) => getOrderDetail(orderNo!, signal),
    enabled: Boolean(orderNo),
  });
}
