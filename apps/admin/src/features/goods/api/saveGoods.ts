import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';
import { goodsKeys } from './goodsKeys.ts';
import type { GoodsInput } from './types.ts';

/**
 * Creates a goods (`goodsId` absent) or saves one; the form shows a refusal itself (silent). In
 * 本店商品 one call does both and the goods goes (back) to the shop's review, off shelf.
 */
export function useSaveGoods() {
  const queryClient = useQueryClient();
  const { store } = useGoodsScope();
  return useMutation({
    mutationFn: async ({
      goodsId,
      input,
    }: {
      goodsId: number | null;
      input: GoodsInput;
    }): Promise<{ goodsId: number }> => {
      if (store) {
        const { onShelf: _ignored, ...body } = input;
        const done = await request.post<{ id?: number; goodsId?: number }>(
          '/ops/store/goods/save',
          goodsId === null ? body : { ...body, goodsId },
          { silent: true },
        );
        return { goodsId: done.goodsId ?? done.id ?? goodsId ?? 0 };
      }
      return goodsId === null
        ? request.post<{ goodsId: number }>('/ops/goods/create', input, { silent: true })
        : request.post<{ goodsId: number }>('/ops/goods/update', { ...input, goodsId }, { silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
  });
}
