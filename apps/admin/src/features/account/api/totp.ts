import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { meQueryKey } from '../../../lib/session.ts';
import type { OpsTotpSetup } from '../types.ts';

/**
 * A new secret to show as a QR code, given the current password again; it takes effect only once a
 * code from it is confirmed. A wrong password is answered beside its field: silent.
 */
export function useTotpSetup() {
  return useMutation({
    mutationFn: (password: string) => request.post<OpsTotpSetup>('/ops/auth/totp/setup', { password }, { silent: true }),
  });
}

/** Enable/disable answer refusals (a wrong code) beside the code field: silent. */
export function useTotpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => request.post<unknown>('/ops/auth/totp/enable', { code }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => request.post<unknown>('/ops/auth/totp/disable', { code }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
