import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';

export interface ShelfBatchResult {
  changed: number[];
  unchanged: number[];
}

/** Puts goods on or off shelf (one or many); answers the server's sentence (已下架 2 件商品…). */
export function useSetShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ goodsIds, onShelf }: { goodsIds: number[]; onShelf: boolean }) =>
      request.post<ShelfBatchResult>('/ops/goods/shelfBatch', { goodsIds, onShelf }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goodsKeys.pages() }),
  });
}
