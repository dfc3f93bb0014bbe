import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { OneTimePassword } from '../types.ts';
import { operatorsKeys } from './operatorsKeys.ts';

/** A new one-time password (shown once); every session of that operator ends. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request.post<OneTimePassword>('/ops/operator/resetPassword', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorsKeys.all }),
  });
}
