import { expect, type Page } from '@playwright/test';

/**
 * No sideways scrolling: the page is no wider than the screen. Read until it holds (the expectation's
 * time-out): right after the window is narrowed the app is still switching to its phone layout (a
 * media-query listener, then a render), and a loaded machine once read the wide page at 835 px there.
 * A page that does not fit never does, and fails with its width.
 */
export async function expectPageFitsScreen(page: Page, what: string) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${what} is wider than the ${width}px screen`,
    })
    .toBeLessThanOrEqual(width);
}

/** A phone as the browser tells it: 375 px wide, touch, a phone's user agent (the server then sends the plain page). */
export const PHONE = {
  viewport: { width: 375, height: 667 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
} as const;
