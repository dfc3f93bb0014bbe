import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Files run in parallel on every core (vitest's default leaves one idle: one worker on a 2-core CI
// machine). VITEST_MAX_WORKERS overrides, e.g. 1 while other work shares the machine.
const cores = os.availableParallelism();
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(cores, 2);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'server',
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
          pool: 'forks',
          // Migrations applied once per run; each test server starts from that template.
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
      {
        test: { name: 'shared', root: './packages/shared', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      './apps/web/vitest.config.ts',
      './apps/admin/vitest.config.ts',
    ],
  },
});
