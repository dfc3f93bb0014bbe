import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // As the console's: a first render transforms antd's modules, slow on a busy machine (5 s failed
    // tests under load with files running side by side).
    testTimeout: 30_000,
  },
});
