import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotencyKey.ts';

describe('idempotency key', () => {
  it('makes keys the server accepts (8–64 of A–Z a–z 0–9 _ -), different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
