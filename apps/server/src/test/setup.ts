import { vi } from 'vitest';

// Every password hashed at a test cost (see test-cost-passwords.ts): at the real cost the sign-in
// and account tests took minutes on a loaded machine.
vi.mock('../lib/passwords.ts', async (importOriginal) =>
  (await import('./test-cost-passwords.ts')).atTestCost(await importOriginal<typeof import('../lib/passwords.ts')>()),
);
