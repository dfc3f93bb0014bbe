import { expect, type Page } from '@playwright/test';

/** No sideways scrolling: the page is no wider than the screen (no page wider than the screen). */
export async function expectPageFitsScreen(page: Page, what: string) {
  const width = page.viewportSize()!.width;
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, `${what} is ${pageWidth}px wide on a ${width}px screen`).toBeLessThanOrEqual(width);
}
