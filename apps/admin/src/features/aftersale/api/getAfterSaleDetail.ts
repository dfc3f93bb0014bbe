import { useQuery } from '@tanstack/react-query';
import type { ConsoleAfterSaleDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { aftersaleKeys } from './aftersaleKeys.ts';

export function getAfterSaleDetail(afterSaleNo: string, signal?: AbortSignal) {
  return request.get<ConsoleAfterSaleDetail>('/ops/afterSale/detail', { afterSaleNo }, { signal, silent: true });
}

export function useAfterSaleDetail(afterSaleNo: string | null) {
  return useQuery({
    queryKey: aftersaleKeys.detail(afterSaleNo ?? ''),
    queryFn: ({ signal }) => getAfterSaleDetail(afterSaleNo!, signal),
    enabled: Boolean(afterSaleNo),
  });
}
