import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';

export interface BrandSave {
  id?: number;
  name: string;
  alias: string | null;
  logo: string | null;
  sort: number;
}

/** Adds a brand (no id) or saves one; the row shows a refusal itself (silent). */
export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandSave) => request.post<{ id: number }>('/ops/brand/save', body, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
  });
}
