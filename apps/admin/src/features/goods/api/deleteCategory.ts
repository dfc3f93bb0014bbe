import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';

/** Deletes a category nothing uses; a refusal (children, goods) is the request helper's toast. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request.post<{ id: number }>('/ops/category/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKeys.categories() }),
  });
}
