import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * A member's session opened without the sign-in screen, for tests that are not about signing in: the
 * tokens come from the sign-in API and are put where the web app keeps them (`member-accessToken`,
 * `member-refreshToken`) before the page's first script runs; the app then restores the session as it
 * does on any reload. The sign-in screen itself is driven in auth.spec.ts and signin-place.spec.ts.
 */

interface TokenReply {
  code: number;
  message: string;
  data: { accessToken: string; refreshToken: string };
}

export interface Credentials {
  username: string;
  password: string;
}

/** Signs the member in over the API and returns the token pair. */
export async function signInOverApi(request: APIRequestContext, member: Credentials) {
  const res = await request.post('/member/user/auth/login/pw', {
    form: { username: member.username, password: member.password, remember: 'false', clientType: 'PC_BROWSER' },
  });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as TokenReply;
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/**
 * Opens the member's session in this page's tab: from its next navigation on the member is signed in.
 * The tokens are laid once per tab (a test that signs out stays signed out after a reload).
 */
export async function openMemberSession(page: Page, member: Credentials) {
  const tokens = await signInOverApi(page.request, member);
  await page.addInitScript((pair) => {
    if (sessionStorage.getItem('e2e-session-laid')) return;
    sessionStorage.setItem('e2e-session-laid', '1');
    localStorage.setItem('member-accessToken', JSON.stringify(pair.accessToken));
    localStorage.setItem('member-refreshToken', JSON.stringify(pair.refreshToken));
  }, tokens);
  return tokens;
}
