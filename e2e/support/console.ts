import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
