import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers of the console's goods, orders, activities and supplier specs, and of trade.spec.ts. */

/**
 * A screenshot of the whole console screen: the viewport grown to the page's height first (a full-page
 * capture would leave the console's sticky sider and footer in the middle), drawn, then put back.
 */
export async function consoleShot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 4000) });
  await nextFrames(page);
  await page.screenshot({ path: `${dir}/${name}.png` });
  await page.setViewportSize(size);
}

/** Two animation frames: what the page changed has been laid out and drawn. */
function nextFrames(page: Page) {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Presses a confirmation dialog's button and sees the dialog close. A click that lands while the dialog
 * is still zooming in can be lost on a loaded machine (seen once: the dialog stayed open, nothing sent);
 * it is pressed again then — only while the dialog is still open, so the action is never sent twice.
 */
export async function confirmIn(dialog: Locator, button: string) {
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: button }).click({ timeout: 5_000 });
    await expect(dialog).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
