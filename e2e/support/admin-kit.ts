import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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

/** A goods on shelf with stock: the top best seller. */
export async function bestSeller(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const body = (await (await request.get('/member/goods/getGoodsSalesList/6')).json()) as {
    data: { id: number; name: string }[];
  };
  return body.data[0]!;
}

// axe-core as @axe-core/playwright resolves it (the version the a11y specs run).
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SCRIPT = fs.readFileSync(fromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};
type WithAxe = Window & { axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } };

/**
 * axe (WCAG 2 A/AA) over a feature's own part of the page — the elements `selectors` name — once its
 * transitions have ended; the serious and critical findings, one line per element. axe is put in the
 * page once and run there (AxeBuilder opens a blank page of its own for every pass).
 */
export async function axeWithin(page: Page, ...selectors: string[]): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => Boolean((window as WithAxe).axe)))) await page.evaluate(AXE_SCRIPT);
  const result = await page.evaluate(([include, options]) => (window as WithAxe).axe!.run({ include }, options), [
    selectors,
    AXE_OPTIONS,
  ] as const);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}
