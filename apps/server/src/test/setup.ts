import { vi } from 'vitest';

// Every password hashed at a test cost, scrypt N = 2^10 instead of 2^17: at the real cost (≈0.5 s a
// hash on a quiet 2-core machine) a file with dozens of sign-ups ran past its time-outs on a loaded one.
// Verification is the real code; lib/passwords.test.ts, which unmocks the module, holds the real cost.
vi.mock('../lib/passwords.ts', async (importOriginal) => {
  const passwords = await importOriginal<typeof import('../lib/passwords.ts')>();
  passwords.passwordCost.logN = 10;
  return passwords;
});
