/** The real hashing cost, which the other server tests replace with a test cost (test/setup.ts). */
import { describe, expect, it, vi } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';

vi.unmock('./passwords.ts');

describe('password hashes', () => {
  it('are scrypt at the conventions’ cost (N = 2^17, r = 8, p = 1), salted, and verify only the same password', async () => {
    const a = await hashPassword('Pw-secret-2026');
    const b = await hashPassword('Pw-secret-2026');
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(b).not.toBe(a);
    expect(await verifyPassword('Pw-secret-2026', a)).toBe(true);
    expect(await verifyPassword('Pw-secret-2027', a)).toBe(false);
    expect(await verifyPassword('Pw-secret-2026', 'bcrypt$whatever')).toBe(false);
    expect(await burnPasswordCheck('Pw-secret-2026')).toBe(false);
  });
});
