import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { CreatedSession, Message, SessionContext, SessionPage } from '../types.ts';
import { assistantKeys } from './assistantKeys.ts';

const BASE = '/member/assistant/agent/session';
/** The list shows the latest sessions; older ones are rarely looked for in a shopping chat. */
export const SESSIONS_PAGE_SIZE = 50;

export function useSessions() {
  return useQuery({
    queryKey: assistantKeys.sessions,
    queryFn: () => request.get<SessionPage>(`${BASE}/list`, { pageNum: 1, pageSize: SESSIONS_PAGE_SIZE }, { silent: true }),
  });
}

export function useSessionMessages(sessionId: string | null) {
  return useQuery({
    queryKey: assistantKeys.messages(sessionId ?? ''),
    queryFn: () => request.get<{ list: Message[] }>(`${BASE}/messages`, { sessionId }, { silent: true }),
    enabled: Boolean(sessionId),
    // A session's messages change only through this screen, which writes them into the cache itself.
    staleTime: Infinity,
  });
}

/** A new session, with the goods or search words the buyer came from (session/create's context). */
export function useCreateSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (context?: SessionContext) =>
      request.post<CreatedSession>(`${BASE}/create`, context && Object.keys(context).length ? { context } : {}),
    onSuccess: (created) => {
      client.setQueryData(assistantKeys.messages(created.sessionId), { list: [] });
      void client.invalidateQueries({ queryKey: assistantKeys.sessions });
    },
  });
}

export function useRenameSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { sessionId: string; title: string }) => request.post<null>(`${BASE}/rename`, v),
    onSettled: () => client.invalidateQueries({ queryKey: assistantKeys.sessions }),
  });
}

export function useDeleteSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => request.post<null>(`${BASE}/delete`, { sessionId }),
    onSuccess: (_, sessionId) => client.removeQueries({ queryKey: assistantKeys.messages(sessionId) }),
    onSettled: () => client.invalidateQueries({ queryKey: assistantKeys.sessions }),
  });
}
