import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The smoke of the main journeys through nginx in front of two server processes on PostgreSQL
 * (e2e/proxy/). `npm run test:e2e:proxy` (scripts/e2e-proxy.mjs) starts them and sets E2E_BASE_URL.
 */
export default defineConfig({
  ...base,
  testDir: './e2e/proxy',
  testIgnore: [],
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results/proxy',
});
