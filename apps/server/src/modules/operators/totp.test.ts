import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthUrl, stepAt, totpCode } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890"; 8-digit codes there, 6 here (the last 6).
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_CASES: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(RFC_CASES)('matches RFC 6238 at T = %i', (seconds, eight) => {
    expect(totpCode(RFC_SECRET, stepAt(seconds * 1000))).toBe(eight.slice(2));
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(() => base32Decode('not-base32!')).toThrow();
  });

  it('accepts one step of drift, refuses two, and never a step already used', () => {
    const secret = newTotpSecret();
    const at = 1_700_000_000_000;
    const now = stepAt(at);
    expect(matchTotp(secret, totpCode(secret, now), { at })).toBe(now);
    expect(matchTotp(secret, totpCode(secret, now - 1), { at })).toBe(now - 1);
    expect(matchTotp(secret, totpCode(secret, now + 1), { at })).toBe(now + 1);
    expect(matchTotp(secret, totpCode(secret, now - 2), { at })).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, now), { at, lastUsedStep: now })).toBeUndefined();
    for (const bad of ['', '12345', '1234567', 'abcdef', "1' OR 1", '１２３４５６']) {
      expect(matchTotp(secret, bad, { at })).toBeUndefined();
    }
  });

  it('writes the otpauth URI authenticator apps scan', () => {
    const url = otpauthUrl('优选商城', 'admin', 'JBSWY3DPEHPK3PXP');
    expect(url).toMatch(
      /^otpauth:\/\/totp\/%E4%BC%98%E9%80%89%E5%95%86%E5%9F%8E%3Aadmin\?secret=JBSWY3DPEHPK3PXP&issuer=/,
    );
    expect(new URL(url).searchParams.get('period')).toBe('30');
  });
});
