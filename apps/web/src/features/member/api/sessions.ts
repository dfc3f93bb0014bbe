import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { memberKeys } from './memberKeys.ts';
import type { SessionView } from './types.ts';

export function getSessions() {
  return request.get<SessionView[]>('/member/user/security/sessions');
}

export function useSessions() {
  return useQuery({ queryKey: memberKeys.sessions, queryFn: getSessions, staleTime: 0 });
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
    void client.invalidateQueries({ queryKey: memberKeys.sessions });
    void client.invalidateQueries({ queryKey: memberKeys.securitySummary });
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
