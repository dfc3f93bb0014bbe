import { useSyncExternalStore } from 'react';
import type { CurrentUser, TokenPair } from '@mall/shared';
import { flowMessages } from './http-messages.ts';
import { request, type RequestOptions } from './request.ts';
import { pageIsLeaving } from './pageLeaving.ts';
import { bindPendingShare } from './shareBinding.ts';
import { storage } from './storage.ts';

/**
 * The session: the only global state besides the cart count (architecture). A tiny external store
 * so that the request helper, route guards and screens of every feature read the same member.
 */
export interface SessionState {
  user: CurrentUser | null;
  /** True while the start-up restore of spec §4 is fetching the profile. */
  restoring: boolean;
}

function getCurrentUser(options: RequestOptions = {}) {
  return request.get<CurrentUser | null>('/member/user/user/current', undefined, {
    flowMessage: flowMessages.userInfoFailed,
    ...options,
  });
}

/** Revokes the session on the server; the caller clears the local session whatever the answer. */
function logoutCall() {
  return request.postForm<null>('/member/user/auth/logout', {}, { silent: true });
}

let state: SessionState = {
  user: storage.hasTokens() ? storage.getUserInfo() : null,
  restoring: false,
};
const listeners = new Set<() => void>();

function setState(next: Partial<SessionState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const sessionStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Storage was cleared behind our back (failed refresh, session over). */
  forget() {
    if (state.user) setState({ user: null });
  },
};

/** What the server renders (it knows no member) and so what the browser's first render over its page shows. */
const SIGNED_OUT: SessionState = { user: null, restoring: false };

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, () => SIGNED_OUT);
}

function clear() {
  storage.clearSession();
  setState({ user: null });
}

/**
 * The server ended every session itself (注销账号 was just requested): clears tokens and profile here
 * without a logout call, which would only answer 105.
 */
export function forgetEndedSession() {
  clear();
}

/** Spec §4: with both tokens the profile is fetched; failure or no data clears the session. */
export async function restoreSession(): Promise<void> {
  if (!storage.hasTokens()) {
    clear();
    return;
  }
  setState({ restoring: true });
  try {
    const user = await getCurrentUser({ silent: true });
    if (!user) clear();
    else {
      storage.setUserInfo(user);
      setState({ user });
    }
  } catch {
    // Cut short because the buyer is leaving the page: the next page restores the session itself.
    if (!pageIsLeaving()) clear();
  } finally {
    setState({ restoring: false });
  }
}

/** Logged out becomes logged in once tokens are stored and the current user is fetched (spec §4). */
export async function signIn(tokens: TokenPair, remember?: boolean): Promise<CurrentUser> {
  storage.setTokens(tokens);
  if (remember !== undefined) storage.setRemember(remember);
  try {
    const user = await getCurrentUser();
    if (!user) throw new Error('获取用户信息失败');
    storage.setUserInfo(user);
    setState({ user });
    void bindPendingShare(); // a shared link opened before signing in binds now (distribution)
    return user;
  } catch (err) {
    clear();
    throw err;
  }
}

/** Logout revokes the session on the server, clears tokens and profile, then goes to /login. */
export async function signOut(navigate: (to: string) => void): Promise<void> {
  try {
    if (storage.getAccessToken()) await logoutCall();
  } catch {
    // The session is gone locally either way; a failed call must not keep the member signed in.
  }
  clear();
  navigate('/login');
}

/** Fetches the profile again (the profile page opens with fresh data) and keeps store and storage in step. */
export async function reloadUser(): Promise<CurrentUser | null> {
  const user = await getCurrentUser();
  if (user) {
    storage.setUserInfo(user);
    setState({ user });
  }
  return user;
}
