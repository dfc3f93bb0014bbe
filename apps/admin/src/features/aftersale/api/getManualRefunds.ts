import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleManualRefundPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { aftersaleKeys } from './aftersaleKeys.ts';

export interface ManualRefundQuery {
  status: 'REFUND_REQUIRED' | 'REFUNDED';
  pageNum: number;
  pageSize: number;
}

export function getManualRefunds(q: ManualRefundQuery, signal?: AbortSignal) {
  return request.get<ConsoleManualRefundPage>('/ops/payment/manualRefunds', { ...q }, { signal, silent: true });
}

export function useManualRefunds(q: ManualRefundQuery) {
  return useQuery({
    queryKey: aftersaleKeys.manualRefunds(q),
    queryFn: ({ signal }) => getManualRefunds(q, signal),
    placeholderData: keepPreviousData,
  });
}
