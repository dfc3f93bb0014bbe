import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). `node scripts/e2e.mjs` builds
 * the app, starts fresh servers and sets E2E_BASE_URL (and E2E_SHORT_TTL_URL for silent refresh); for
 * the whole suite it runs two of these at once, each on a share of the spec files and its own server.
 */
export default defineConfig({
  testDir: './e2e',
  // Its own run, against nginx and two server processes: playwright.proxy.config.ts (npm run test:e2e:proxy).
  testIgnore: ['proxy/**'],
  // scripts/e2e.mjs gives each of its shards (two Playwright runs at once) a folder of its own.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  // 45 s for a journey on a quiet machine; CI runs two shards at once on two cores, where the long
  // walks take two to three times as long (a step's own 10 s expect timeout still catches a hang).
  timeout: process.env.CI ? 120_000 : 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI so that a slow moment of a shared 2-core machine does not fail a run; a test that
  // passes only on its retry is still reported as flaky in the output, to be mended.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 860 },
    // The apps honour the system's 减弱动态效果: antd's dialogs, drop-downs, menus and toasts appear at
    // once. A click that lands while a popup is still sliding in is lost on a loaded machine; without
    // motion there is no such moment. (Motion itself is antd's, and its own tests cover it.)
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // A trace is recorded only for a retry: recording one for every first try (retain-on-failure) costs
    // every test its snapshots, and in CI a failing test is retried, so its retry brings the trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
