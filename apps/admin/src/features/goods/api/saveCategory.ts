import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';

export interface CategorySave {
  id?: number;
  parentId?: number | null;
  name: string;
  sort: number;
}

/** Adds a category (no id) or renames / re-sorts one; the row shows a refusal itself (silent). */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategorySave) => request.post<{ id: number }>('/ops/category/save', body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
  });
}
