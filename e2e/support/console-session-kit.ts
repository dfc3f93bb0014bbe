import { expect, type Page } from '@playwright/test';
import { ADMIN } from './console.ts';

/**
 * An operator's console session opened without the console's sign-in screen, for tests that are not
 * about signing in: the token comes from the sign-in API and is put where the console keeps it
 * (`admin-token`) before the page's first script runs. The sign-in screen itself is driven by the
 * admin specs (signInToConsole in console.ts).
 */
export async function openConsoleSession(page: Page, who: { username: string; password: string } = ADMIN) {
  const res = await page.request.post('/ops/auth/login', { data: who });
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { code: number; message: string; data: { token: string } };
  expect(body.code, body.message).toBe(0);
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-console-session-laid')) return;
    sessionStorage.setItem('e2e-console-session-laid', '1');
    localStorage.setItem('admin-token', token);
  }, body.data.token);
  return body.data.token;
}
