import { configDefaults, defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The files that mock a module (`vi.mock`): a mock reaches only the modules loaded after it, and stays
 * in those that were, so these get a module registry of their own. Every other file shares one per
 * worker (isolate: false): antd and the app's modules are loaded once per worker, not once per file,
 * which took three quarters of these tests' time. test/setup.ts clears what a file leaves behind.
 */
export const ownRegistry = [
  'src/features/goods/components/DeliveryEstimate.test.tsx',
  'src/features/supplier/screens/SupplierRegisterPage.test.tsx',
  'src/features/payment/screens/PaymentPage.test.tsx',
  'src/features/assistant/components/AssistantCards.test.tsx',
  'src/features/assistant/screens/AiChatPage.test.tsx',
  'src/features/home/components/RecommendFeed.test.tsx',
  'src/lib/shareBinding.test.ts',
];

const base = {
  root: import.meta.dirname,
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // As the console's: a first render transforms antd's modules, slow on a busy machine (5 s failed
  // tests under load with files running side by side).
  testTimeout: 30_000,
};

export const webProjects = [
  defineProject({
    plugins: [react()],
    test: {
      ...base,
      name: 'web',
      isolate: false,
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [...configDefaults.exclude, ...ownRegistry],
    },
  }),
  defineProject({ plugins: [react()], test: { ...base, name: 'web-own-registry', include: ownRegistry } }),
];
