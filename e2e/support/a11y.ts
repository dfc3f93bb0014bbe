import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { shopRoutes, userRoutes, type AppRoute } from '../../apps/web/src/app/routeTable.tsx';

/** Helpers of e2e/a11y.spec.ts: the buyer routes of the route table, and an axe pass over a page. */

/** Every path pattern of the buyer app: the shop's routes, /user's subtrees, sign-in and registration. */
export function buyerRoutePatterns(): string[] {
  const walk = (routes: AppRoute[], base: string): string[] =>
    routes.flatMap((r) => {
      const here = r.index ? base || '/' : `${base}/${r.path ?? ''}`;
      return r.children ? walk(r.children, here) : [here];
    });
  return ['/login', '/register', ...walk(shopRoutes, ''), ...walk(userRoutes, '/user')];
}

/** Waits until the screen has drawn its data: the layout is there, no spinner or skeleton left. */
export async function settled(page: Page) {
  await page.locator('main').first().waitFor();
  const loading = page.locator('.ant-spin-spinning, .ant-skeleton-active, [data-placeholder]');
  await expect(loading).toHaveCount(0, { timeout: 15_000 });
  await transitionsEnded(page);
}

/** Colours are read as drawn: a button still fading between two shades is measured at neither. */
export async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

// axe-core as @axe-core/playwright itself resolves it (the version it was built against).
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SCRIPT = fs.readFileSync(fromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};
type WithAxe = Window & { axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } };

/**
 * axe with the WCAG 2 A and AA rules on the page as it is (or on the elements `include` names); returns
 * the serious and critical findings, one readable line per element (rule, impact, what to fix, where).
 * axe-core's script is put in the page once and run there: AxeBuilder's own run opens a blank page for
 * every pass and loads the script twice (1–2 s a page). A page with frames is still checked by AxeBuilder,
 * whose machinery is for them.
 */
export async function seriousFindings(page: Page, label: string, include?: string[]): Promise<string[]> {
  let result: AxeResults;
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page, axeSource: AXE_SCRIPT }).options(AXE_OPTIONS);
    for (const selector of include ?? []) builder.include(selector);
    result = await builder.analyze();
  } else {
    if (!(await page.evaluate(() => Boolean((window as WithAxe).axe)))) await page.evaluate(AXE_SCRIPT);
    result = await page.evaluate(
      ([context, options]) => (window as WithAxe).axe!.run(context ?? document, options),
      [include ? { include } : null, AXE_OPTIONS] as const,
    );
  }
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${label}  [${v.impact}] ${v.id}: ${v.help}\n    at ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ') ?? ''}\n    ${n.html.slice(0, 200)}`,
      ),
    );
}

/** Accessible names in Latin letters only (antd's built-in English): what a Chinese screen reader should not read. */
export async function englishNames(page: Page, label: string): Promise<string[]> {
  const names = await page.evaluate(() => {
    const english = (v: string | null) => v !== null && /^[A-Za-z][A-Za-z\s-]*$/.test(v.trim());
    const exposed = (el: Element) => el.closest('[aria-hidden="true"]') === null;
    const out = new Set<string>();
    for (const el of document.querySelectorAll('[aria-label]')) {
      if (english(el.getAttribute('aria-label')) && exposed(el)) out.add(`<${el.tagName.toLowerCase()} aria-label="${el.getAttribute('aria-label')}">`);
    }
    for (const t of document.querySelectorAll('svg title')) {
      if (english(t.textContent) && exposed(t)) out.add(`<svg><title>${t.textContent}</title>`);
    }
    return [...out];
  });
  return names.map((n) => `${label}  English name read aloud: ${n}`);
}

/** Where keyboard focus is: a short description, and whether a 2 px ring shows on it or its box. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', ring: false, inForm: false };
    const input = el as HTMLInputElement;
    const what = [el.tagName.toLowerCase(), el.getAttribute('type') ?? '', el.getAttribute('aria-label') ?? input.placeholder ?? '', el.textContent?.trim() ?? '']
      .filter(Boolean)
      .join(' ');
    const boxes = [el, el.parentElement, el.parentElement?.parentElement, el.nextElementSibling].filter((b): b is HTMLElement => b instanceof HTMLElement);
    const ring = boxes.some((b) => {
      const s = getComputedStyle(b);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    });
    return { what, ring, inForm: el.closest('form') !== null };
  });
}
