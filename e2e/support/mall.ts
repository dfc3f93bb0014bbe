import fs from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The demo member created on first start (README). */
export const DEMO = { username: 'demo', password: 'MallDemo#2026' } as const;

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

/** A mobile number no other test of this run uses. */
export function newMobile(): string {
  const tail = String(Date.now() % 1e7).padStart(7, '0') + String(Math.floor(Math.random() * 10));
  return `139${tail}`;
}

/** Reads the latest SMS code sent to a number from the development outbox. */
export async function lastSmsCode(request: APIRequestContext, mobileNumber: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/sms-outbox?mobileNumber=${mobileNumber}`);
      const body = (await res.json()) as { data: { content: string }[] };
      code = body.data[0]?.content.match(/\d{6}/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code!;
}

export async function fillPasswordLogin(page: Page, username: string, password: string, remember = false) {
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByPlaceholder('用户名 / 手机号').fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  const box = page.getByRole('tabpanel', { name: '密码登录' }).getByRole('checkbox', { name: '记住我' });
  if ((await box.isChecked()) !== remember) await box.click();
  await page
    .getByRole('tabpanel', { name: '密码登录' })
    .getByRole('button', { name: /登\s*录/ })
    .click();
}

/** Signs in as the demo member through the sign-in screen and waits for the header to show them. */
export async function signInAsDemo(page: Page, remember = false) {
  await page.goto('/login');
  await fillPasswordLogin(page, DEMO.username, DEMO.password, remember);
  await expectSignedIn(page);
}

/** Signed in, as the shop shows it: the member's name in the PC header; on a phone, off the sign-in page with the tab bar. */
export async function expectSignedIn(page: Page) {
  if (page.viewportSize()!.width >= 768) {
    await expect(page.getByTestId('header-member')).toBeVisible();
    return;
  }
  await expect(page).not.toHaveURL(/\/login/);
  await expect.poll(() => storedItem(page, 'accessToken')).not.toBeNull();
}

export async function storedItem(page: Page, name: string): Promise<string | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as string);
  }, `member-${name}`);
}

/** A screenshot of the whole page, or with `fold` only what the screen shows before any scrolling. */
export async function shot(page: Page, name: string, { fold = false }: { fold?: boolean } = {}) {
  if (process.env.E2E_SHOTS === '0') return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: !fold });
}

/**
 * Chooses `text` in an antd Select: opens it, clicks the option in the open list and waits for the list
 * to close, as a chosen option closes it. On a loaded machine a click can land while the list is still
 * sliding in and be lost (seen in CI: the form then said 请选择售后原因); the choice is made again then.
 */
export async function chooseOption(page: Page, select: Locator, text: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if ((await open.count()) === 0) await select.click();
    await open.locator('.ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 5_000 });
    await expect(open).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Types into an antd search Select and picks the option; when the pick did not take (a click lost while
 * the list slid in, under load), searches and picks again — until `chosen` shows.
 */
export async function searchAndChoose(page: Page, search: Locator, query: string, option: string, chosen: Locator) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if ((await chosen.count()) === 0) {
      await search.click();
      await search.fill(query);
      await open.locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 5_000 });
    }
    await expect(chosen).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The member area's left menu (the header's dropdown repeats some of its entries). */
export function memberMenu(page: Page) {
  return page.getByRole('navigation', { name: '会员中心菜单' });
}

/**
 * The landing pages (/, /goodsList, /goodsDetail) as the server sends them when it does not render
 * them itself (a failed or slow render, a build without the renderer: apps/server/src/lib/server-render.ts):
 * the app's plain page, whose first calls the browser makes. For a test that fails those calls in the
 * browser. Any other client route (here 购物车) is answered with that same plain page.
 */
export async function withPlainLandingPages(page: Page) {
  await page.route(
    (url) => ['/', '/goodsList', '/goodsDetail'].includes(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const plain = await route.fetch({ url: new URL('/cart', route.request().url()).href });
      expect(await plain.text()).toContain('<div id="root"></div>');
      return route.fulfill({ response: plain });
    },
  );
}

/** The text of `target` sits on one line: nothing of it wrapped onto a second. */
export async function expectOneLine(target: Locator, what: string) {
  const lines = await target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
  expect(lines, `${what} is set on ${lines} lines`).toBe(1);
}

/**
 * A toast shows wholly below the header's search box, so the box stays in sight and usable; on a phone
 * page with a title bar instead (goods, checkout…), below the title bar, so back stays usable.
 */
export async function expectToastClearOfSearch(page: Page, text: string | RegExp) {
  const toast = page.locator('.ant-message-notice').filter({ hasText: text });
  await expect(toast).toBeVisible();
  const titleBar = page.getByTestId('phone-title-bar');
  const top = (await titleBar.count())
    ? (await titleBar.boundingBox())!
    : (await page.getByRole('combobox', { name: '搜索商品' }).boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y, 'the toast begins below the header search box or title bar').toBeGreaterThanOrEqual(top.y + top.height);
}
