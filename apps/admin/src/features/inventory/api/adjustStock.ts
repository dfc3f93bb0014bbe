import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleStockAdjusted } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { inventoryKeys } from './inventoryKeys.ts';

export interface AdjustInput {
  skuId: number;
  /** Units added (positive) or taken away (negative); never 0. */
  change: number;
  reason: string;
}

/** 调整库存 with a reason (stocktaking, damage, restock); the server refuses a result below 0. Silent: the dialog says why. */
export function adjustStock(input: AdjustInput) {
  return request.post<ConsoleStockAdjusted>('/ops/inventory/adjust', input, { silent: true });
}

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
