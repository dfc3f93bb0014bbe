import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { securitySummaryKey } from './getSecuritySummary.ts';
import type { SessionView } from './types.ts';

export const sessionsKey = ['member', 'security', 'sessions'] as const;

export function getSessions() {
  return request.get<SessionView[]>('/member/user/security/sessions');
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: getSessions, staleTime: 0 });
}

export function revokeSession(sessionId: string) {
  return request.post<null>('/member/user/security/sessions/revoke', { sessionId });
}

export function revokeOtherSessions() {
  return request.post<{ revoked: number }>('/member/user/security/sessions/revokeOthers');
}

function useRefreshAfter() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: sessionsKey });
    void client.invalidateQueries({ queryKey: securitySummaryKey });
  };
}

export function useRevokeSession() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: revokeSession, onSuccess });
}

export function useRevokeOtherSessions() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: revokeOtherSessions, onSuccess });
}
