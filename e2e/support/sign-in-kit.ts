import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Helpers of the sign-in and member-area specs (auth, signin-place, member). */

/** What the server answers a session's access token now: 0 while it lives, 105 once it has ended, 104 expired. */
export async function sessionCode(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/member/user/user/current', { headers: { Authorization: token } });
  return ((await res.json()) as { code: number }).code;
}

/**
 * A number gets one code per SMS_RESEND_SECONDS: 60 in a shop, 5 on the test shops (scripts/e2e.mjs
 * gives the servers and Playwright the same value).
 */
const RESEND_MS = (Number(process.env.SMS_RESEND_SECONDS) || 60) * 1000;

/**
 * 获取验证码 for a number whose last code was sent at `lastSentAt` (its sign-up): while the number's
 * interval runs the server refuses and the button stays; the test tries again as a person would, until
 * `sent` (the countdown, or the form's note) shows.
 */
export async function askForCode(button: Locator, sent: Locator, lastSentAt: number) {
  await expect(async () => {
    if (await sent.isVisible()) return;
    await button.click({ timeout: 3_000 });
    await expect(sent).toBeVisible({ timeout: 3_000 });
  }).toPass({ intervals: [1_000, 2_000], timeout: Math.max(15_000, lastSentAt + RESEND_MS + 15_000 - Date.now()) });
}

/** The extra time a test needs for the rest of a number's interval between codes (see askForCode). */
export function intervalLeft(lastSentAt: number): number {
  return Math.max(0, lastSentAt + RESEND_MS + 1_000 - Date.now());
}

/** No page is wider than the screen: nothing to scroll sideways. */
export async function fitsScreen(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
