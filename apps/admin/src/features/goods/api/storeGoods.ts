import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';

/** 本店商品 上架 / 下架, one goods at a time; the server refuses 上架 until the goods passed review. */
export function useSetStoreShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ goodsId, onShelf }: { goodsId: number; onShelf: boolean }) =>
      request.post<unknown>('/ops/store/goods/shelf', { goodsId, onShelf }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
  });
}
