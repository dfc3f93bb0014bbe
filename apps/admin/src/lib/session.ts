import { useSyncExternalStore } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { OpsLoginResult, OpsMe } from '@mall/shared';
import { request } from './request.ts';
import { tokenStore } from './token.ts';

/**
 * The signed-in operator. The token is the only global state (localStorage `admin-token`); who the
 * operator is lives in the query cache under `meQueryKey`, fetched once per page load and put there
 * directly by sign-in.
 */
export const meQueryKey = ['ops', 'me'] as const;

export function fetchMe(signal?: AbortSignal) {
  // Silent: the guard shows a failure with 重试; 105/106 still send the operator to sign in.
  return request.get<OpsMe>('/ops/auth/me', undefined, { silent: true, signal });
}

/** The stored token, re-rendering when it changes (sign-in, sign-out, a session ended by the server). */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
}

export function useMe() {
  const token = useToken();
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** The operator inside the console's guard, which renders nothing until they are known. */
export function useOperator(): OpsMe {
  const { data } = useMe();
  if (!data) throw new Error('useOperator() outside the signed-in console');
  return data;
}

export function acceptSignIn(queryClient: QueryClient, result: OpsLoginResult) {
  queryClient.clear(); // nothing of a previous operator survives
  queryClient.setQueryData(meQueryKey, result.operator);
  tokenStore.set(result.token);
}

/** Ends the session on the server (best effort) and forgets it here whatever the answer. */
export async function signOut(queryClient: QueryClient) {
  try {
    await request.post('/ops/auth/logout', {}, { silent: true });
  } catch {
    // already over on the server, or offline: forgetting it here is what matters
  }
  tokenStore.clear();
  queryClient.clear();
}
