import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';

/** Deletes a brand no goods uses; a refusal is the request helper's toast. */
export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request.post<{ id: number }>('/ops/brand/delete', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKeys.brands() }),
  });
}
