import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';
import type { GoodsInput } from './types.ts';

/** Creates a goods (`goodsId` absent) or saves one; the form shows a refusal itself (silent). */
export function useSaveGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ goodsId, input }: { goodsId: number | null; input: GoodsInput }) =>
      goodsId === null
        ? request.post<{ goodsId: number }>('/ops/goods/create', input, { silent: true })
        : request.post<{ goodsId: number }>('/ops/goods/update', { ...input, goodsId }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
  });
}
