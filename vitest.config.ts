import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
