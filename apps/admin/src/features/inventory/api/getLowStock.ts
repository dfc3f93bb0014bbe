import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleLowStockPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { inventoryKeys } from './inventoryKeys.ts';

export interface LowStockQuery {
  threshold: number;
  keyword?: string;
  onShelf?: boolean;
  pageNum: number;
  pageSize: number;
}

export function getLowStock(q: LowStockQuery, signal?: AbortSignal) {
  return request.get<ConsoleLowStockPage>('/ops/inventory/lowStock', { ...q }, { signal, silent: true });
}

/** SKUs at or below the threshold, fewest first. Silent: the table shows a failure with 重试. */
export function useLowStock(q: LowStockQuery) {
  return useQuery({
    queryKey: inventoryKeys.lowStock(q),
    queryFn: ({ signal }) => getLowStock(q, signal),
    placeholderData: keepPreviousData,
  });
}
