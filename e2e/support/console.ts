import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** Helpers of the console's specs: the demo operator, set-up over /ops/ with the ops token, the menu. */

/** The demo data's operator with every permission. */
export const ADMIN = { username: 'admin', password: 'MallAdmin#2026' } as const;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** The ops token `node scripts/e2e.mjs` sets, for set-up over the console's API. */
export function opsHeaders() {
  const token = process.env.E2E_OPS_TOKEN;
  if (!token) throw new Error('E2E_OPS_TOKEN is not set: run through `node scripts/e2e.mjs`');
  return { 'x-ops-token': token };
}

/** A console call with the ops token: GET without a body, POST (JSON) with one. */
export async function ops<T>(api: APIRequestContext, path: string, body?: unknown): Promise<Envelope<T>> {
  const res =
    body === undefined
      ? await api.get(path, { headers: opsHeaders() })
      : await api.post(path, { headers: opsHeaders(), data: body });
  expect(res.ok(), path).toBeTruthy();
  return (await res.json()) as Envelope<T>;
}

export const consoleMenu = (page: Page) => page.getByRole('navigation', { name: '管理后台菜单' });

/** Signs in on the console's sign-in screen (the demo operator unless told) and waits for 工作台. */
export async function signInToConsole(page: Page, who: { username: string; password: string } = ADMIN) {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(who.username);
  await page.getByLabel('密码').fill(who.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * Opens a menu group if need be and its item, until the console shows `url`. On a loaded machine a click
 * on an item still sliding in is lost (seen in CI: 商品 → 分类 stayed on the dashboard); clicking again is
 * what a person does.
 */
export async function openMenuItem(page: Page, group: string, item: string, url: RegExp) {
  await expect(async () => {
    const entry = consoleMenu(page).getByRole('menuitem', { name: item });
    if (!(await entry.isVisible())) await consoleMenu(page).getByRole('menuitem', { name: group }).click({ timeout: 3_000 });
    await entry.click({ timeout: 3_000 });
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Presses a row's button that asks in a popconfirm, and the popconfirm's confirm button, until `done` holds.
 * On a loaded machine a click can land while the popconfirm is still opening and be lost (seen in CI: a brand
 * stayed after 删除); the row's button is pressed again only while it is still there.
 */
export async function confirmInPopconfirm(page: Page, open: Locator, confirm: RegExp, done: () => Promise<void>) {
  await expect(async () => {
    if (await open.isVisible()) {
      await open.click({ timeout: 3_000 });
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: confirm }).click({ timeout: 3_000 });
    }
    await done();
  }).toPass({ timeout: 60_000 });
}
