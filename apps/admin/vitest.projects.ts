import { configDefaults, defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * As the buyer app's (apps/web/vitest.projects.ts): the files that mock a module get a module registry
 * of their own; every other file shares one per worker, and test/setup.ts clears what a file leaves.
 */
export const ownRegistry = ['src/features/assistant/screens/AssistantPage.test.tsx'];

const base = {
  root: import.meta.dirname,
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // Screens load lazily: the first render of one transforms antd's modules, slow on a busy machine.
  testTimeout: 30_000,
};

export const adminProjects = [
  defineProject({
    plugins: [react()],
    test: {
      ...base,
      name: 'admin',
      isolate: false,
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...ownRegistry],
    },
  }),
  defineProject({ plugins: [react()], test: { ...base, name: 'admin-own-registry', include: ownRegistry } }),
];
