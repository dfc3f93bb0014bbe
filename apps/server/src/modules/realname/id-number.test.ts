/** GB 11643 checks, masking and the encryption of ID numbers, without a server. */
import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { checkIdNumber, maskIdNumber, PROVINCE_CODES } from './id-number.ts';
import { decryptIdNumber, encryptIdNumber, idNumberHash } from './id-crypto.ts';
import { idNumber, idNumberEndingX, withWrongCheck } from '../../test/kit/index.ts';

const TODAY = '2025-06-15';

describe('checkIdNumber (GB 11643)', () => {
  it('accepts the standard sample and numbers built with the MOD 11-2 check character', () => {
    expect(checkIdNumber('11010519491231002X', TODAY)).toEqual({ ok: true, value: '11010519491231002X' });
    expect(checkIdNumber(idNumber('440305', '20000229', '123'), TODAY).ok).toBe(true);
    expect(checkIdNumber(idNumber('820000', '19991220', '001'), TODAY).ok).toBe(true);
  });

  it('reads a lowercase x as X', () => {
    const id = idNumberEndingX();
    expect(checkIdNumber(id.toLowerCase(), TODAY)).toEqual({ ok: true, value: id });
  });

  it.each([
    ['a wrong check character', withWrongCheck('11010519491231002X'), '校验位'],
    ['17 digits', '11010519491231002', '18 位'],
    ['19 digits', '110105194912310021X', '18 位'],
    ['letters', '1101051949123100AX', '数字'],
    ['X in the middle', '110105194912X10021', '数字'],
    ['an unknown province (99)', idNumber('990105'), '地区代码'],
    ['province 00', idNumber('000105'), '地区代码'],
    ['a future birth date', idNumber('110105', '20250616'), '出生日期'],
    ['a birth date before 1900', idNumber('110105', '18991231'), '出生日期'],
    ['30 February', idNumber('110105', '19900230'), '出生日期'],
    ['29 February of a common year', idNumber('110105', '19010229'), '出生日期'],
    ['month 13', idNumber('110105', '19901301'), '出生日期'],
    ['empty', '', '18 位'],
    ['full-width digits', '１１０１０５１９４９１２３１００２Ｘ', '数字'],
  ])('refuses %s', (_label, value, words) => {
    const result = checkIdNumber(value, TODAY);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain(words);
      expect(result.message).not.toContain(value.slice(0, 6) || '∅');
    }
  });

  it('accepts a birth date of today and of 1900-01-01', () => {
    expect(checkIdNumber(idNumber('110105', '20250615'), TODAY).ok).toBe(true);
    expect(checkIdNumber(idNumber('110105', '19000101'), TODAY).ok).toBe(true);
  });

  it('knows the 31 mainland provinces plus Taiwan, Hong Kong, Macao', () => {
    expect(PROVINCE_CODES.size).toBe(35);
    for (const code of ['11', '31', '44', '65', '71', '81', '82', '83']) expect(PROVINCE_CODES.has(code)).toBe(true);
    for (const code of ['10', '20', '24', '38', '55', '66', '90']) expect(PROVINCE_CODES.has(code)).toBe(false);
  });
});

describe('masking and encryption', () => {
  const secrets = { jwtKey: new Uint8Array(32), dataKey: crypto.randomBytes(32) };

  it('masks as first character, 16 stars, last character', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1****************X');
  });

  it('encrypts with a fresh IV each time and decrypts only for the owning member', () => {
    const a = encryptIdNumber(secrets, 'member-a', '11010519491231002X');
    const b = encryptIdNumber(secrets, 'member-a', '11010519491231002X');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64').length).toBe(12 + 16 + 18);
    expect(a).not.toContain('11010519491231002X');
    expect(decryptIdNumber(secrets, 'member-a', a)).toBe('11010519491231002X');
    expect(() => decryptIdNumber(secrets, 'member-b', a)).toThrow();
    const other = { ...secrets, dataKey: crypto.randomBytes(32) };
    expect(() => decryptIdNumber(other, 'member-a', a)).toThrow();
  });

  it('hashes with the data key: same number, same hash; another key, another hash', () => {
    const other = { ...secrets, dataKey: crypto.randomBytes(32) };
    expect(idNumberHash(secrets, '11010519491231002X')).toBe(idNumberHash(secrets, '11010519491231002X'));
    expect(idNumberHash(secrets, '11010519491231002X')).not.toBe(idNumberHash(other, '11010519491231002X'));
  });
});
