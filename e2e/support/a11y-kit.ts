import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The axe pass of e2e/a11y.spec.ts, run straight in the page: the same rules as support/a11y.ts's
 * seriousFindings (WCAG 2 A and AA, serious and critical findings, one readable line per element), but
 * axe-core's minified script is put in the page once and axe.run is called there. AxeBuilder's default
 * run opens a blank page of its own for each pass and puts the full script in twice, which cost one to
 * two seconds a page over the 80-odd pages of the pass. That machinery is for frames: a page with one
 * is still checked by AxeBuilder.
 */

// axe-core as @axe-core/playwright itself resolves it (the version it was built against).
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SCRIPT = fs.readFileSync(fromAxeBuilder.resolve('axe-core/axe.min.js'), 'utf8');

const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

type WithAxe = Window & { axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };

/** axe's serious and critical findings on the page as it is, one readable line per element. */
export async function axeFindings(page: Page, label: string): Promise<string[]> {
  const result = hasFrames(page)
    ? await new AxeBuilder({ page, axeSource: AXE_SCRIPT }).options(OPTIONS).analyze()
    : await runInPage(page);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${label}  [${v.impact}] ${v.id}: ${v.help}\n    at ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ') ?? ''}\n    ${n.html.slice(0, 200)}`,
      ),
    );
}

function hasFrames(page: Page): boolean {
  return page.frames().length > 1;
}

async function runInPage(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => Boolean((window as WithAxe).axe)))) await page.evaluate(AXE_SCRIPT);
  return page.evaluate((options) => (window as WithAxe).axe!.run(document, options), OPTIONS);
}
