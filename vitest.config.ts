import os from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// Files run in parallel on every core (vitest's default leaves one idle: one worker on a 2-core CI
// machine). VITEST_MAX_WORKERS overrides, e.g. 1 while other work shares the machine.
const cores = os.availableParallelism();
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(cores, 2);

/** The server's API tests: one project whose files share a module registry per worker, one for the few that cannot. */
const server = {
  root: './apps/server',
  environment: 'node',
  // lint/: the module-boundaries rule and the graph it keeps.
  include: ['src/**/*.test.ts', 'lint/**/*.test.ts'],
  // Passwords hashed at a test cost (src/test/setup.ts).
  setupFiles: ['./src/test/setup.ts'],
  // A test server's requests share the machine with other test files and, in CI, other work.
  testTimeout: 60_000,
  // A test server's boot is ≈1 s from the template, but a shared machine under heavy load has
  // taken over a minute.
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // Migrations applied once per run; each test server starts from that template.
  globalSetup: ['./src/test/global-setup.ts'],
};

/**
 * The files that need a module registry of their own. Every other server file shares one per worker
 * (isolate: false: the server's modules are loaded once per worker, not once per file), which works
 * because each file starts its own test servers and vitest restores spies after each file; a module
 * mock, though, only reaches the modules loaded after it, and stays in those that were.
 */
const ownRegistry = [
  // Unmocks lib/passwords.ts to hold the real hashing cost; test/setup.ts lowers it on the module
  // itself, which a shared registry keeps from an earlier file.
  'src/lib/passwords.test.ts',
  // Mocks lib/logger.ts and bootstrap.ts to capture the server's log lines: the harness an earlier
  // file loaded would keep the real ones, and a later file would inherit the mocks.
  'src/modules/realname/realname-privacy.test.ts',
];

/**
 * The buyer app's and the console's component tests, as the server's: files share a module registry
 * per worker (antd and the app's modules loaded once per worker, not once per file: three quarters of
 * these tests' time), and each app's `src/test/setup.ts` empties the page and its storage after each
 * test. The files that mock a module (`vi.mock`) get a registry of their own, `<app>-own-registry`.
 */
function componentProjects(app: 'web' | 'admin', ownRegistry: string[]) {
  const base = {
    root: `./apps/${app}`,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A first render transforms antd's modules (screens load lazily): slow on a busy machine, where 5 s
    // failed tests with files running side by side.
    testTimeout: 30_000,
  };
  return [
    {
      plugins: [react()],
      test: {
        ...base,
        name: app,
        isolate: false,
        include: ['src/**/*.test.{ts,tsx}'],
        exclude: [...configDefaults.exclude, ...ownRegistry],
      },
    },
    { plugins: [react()], test: { ...base, name: `${app}-own-registry`, include: ownRegistry } },
  ];
}

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      { test: { ...server, name: 'server', isolate: false, exclude: [...configDefaults.exclude, ...ownRegistry] } },
      { test: { ...server, name: 'server-own-registry', include: ownRegistry } },
      {
        test: { name: 'shared', root: './packages/shared', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      ...componentProjects('web', [
        'src/features/goods/components/DeliveryEstimate.test.tsx',
        'src/features/supplier/screens/SupplierRegisterPage.test.tsx',
        'src/features/payment/screens/PaymentPage.test.tsx',
        'src/features/assistant/components/AssistantCards.test.tsx',
        'src/features/assistant/screens/AiChatPage.test.tsx',
        'src/features/home/components/RecommendFeed.test.tsx',
        'src/lib/shareBinding.test.ts',
      ]),
      ...componentProjects('admin', ['src/features/assistant/screens/AssistantPage.test.tsx']),
    ],
  },
});
