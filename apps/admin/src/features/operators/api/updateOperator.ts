import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { OperatorRow } from '../types.ts';
import { operatorsKeys } from './operatorsKeys.ts';

export interface OperatorChange {
  id: string;
  displayName?: string;
  roleKey?: string;
  status?: 'active' | 'disabled';
}

/** 修改角色, 停用 (the operator's sessions end), 启用. A refusal is a toast with the server's words. */
export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OperatorChange) => request.post<OperatorRow>('/ops/operator/update', change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorsKeys.all }),
  });
}
