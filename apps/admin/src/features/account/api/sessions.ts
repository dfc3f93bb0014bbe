import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { OpsSession } from '../types.ts';

export const sessionsKey = ['ops', 'auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => request.get<OpsSession[]>('/ops/auth/sessions', undefined, { signal, silent: true }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => request.post<unknown>('/ops/auth/sessions/revoke', { sessionId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
