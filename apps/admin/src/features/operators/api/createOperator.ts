import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { OperatorRow } from '../types.ts';
import { operatorsKeys } from './operatorsKeys.ts';

export interface NewOperator {
  username: string;
  displayName: string;
  roleKey: string;
}

/** Silent: the dialog shows a refusal (账号已存在 …) itself. The one-time password is in the reply, once. */
export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewOperator) =>
      request.post<{ operator: OperatorRow; oneTimePassword: string }>('/ops/operator/create', input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorsKeys.all }),
  });
}
