import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { meQueryKey } from '../../../lib/session.ts';
import type { OpsTotpSetup } from '../types.ts';

/** A new secret to show as a QR code; it takes effect only once a code from it is confirmed. */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => request.post<OpsTotpSetup>('/ops/auth/totp/setup', {}) });
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
