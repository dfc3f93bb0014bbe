/** GB 32100 统一社会信用代码: the check character (MOD 31), by table and by property. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkCreditCode, CREDIT_CODE_ALPHABET, creditCodeCheckCharacter, creditCodeProblem } from './credit-code.ts';

/** A valid code from any 17 characters of the alphabet: the check character computed. */
const creditCode = (body17 = '91330106MA2B3C4D5') => body17 + creditCodeCheckCharacter(body17);
const wrongCheck = (code: string) =>
  code.slice(0, 17) + CREDIT_CODE_ALPHABET.split('').find((c) => c !== code[17])!;

const body = fc
  .array(fc.constantFrom(...CREDIT_CODE_ALPHABET.split('')), { minLength: 17, maxLength: 17 })
  .map((a) => a.join(''));

describe('creditCodeCheckCharacter', () => {
  it.each([
    // Published codes of real companies, and the standard's own worked example.
    ['91350100M000100Y4', '3'],
    ['91110000600037341', 'L'],
    // Σ mod 31 = 0 → 31 − 0 = 31 → 0: all zeros.
    ['00000000000000000', '0'],
    // Σ = 1 (a single 1 of weight 1) → 30 → Y, the last character.
    ['10000000000000000', 'Y'],
    // Σ = 3 (a 1 of weight 3) → 28 → W.
    ['01000000000000000', 'W'],
  ])('%s → %s', (b, check) => {
    expect(creditCodeCheckCharacter(b)).toBe(check);
  });
});

describe('checkCreditCode', () => {
  it('accepts codes with the computed check character, lowercase read as capitals', () => {
    expect(checkCreditCode('91350100M000100Y43')).toEqual({ ok: true, value: '91350100M000100Y43' });
    const code = creditCode();
    expect(checkCreditCode(` ${code.toLowerCase()} `)).toEqual({ ok: true, value: code });
  });

  it.each([
    ['a wrong check character', wrongCheck(creditCode()), '校验位不正确'],
    ['17 characters', creditCode().slice(0, 17), '18 位'],
    ['19 characters', creditCode() + '1', '18 位'],
    ['empty', '', '18 位'],
    ['the letter I', 'I' + creditCode().slice(1), '大写字母'],
    ['the letter O', creditCode().slice(0, 5) + 'O' + creditCode().slice(6), '大写字母'],
    ['S, V and Z', '9SVZ' + creditCode().slice(4), '大写字母'],
    ['full-width digits', '９１３５０１００Ｍ０００１００Ｙ４３', '大写字母'],
    ['injection-shaped', "' OR 1=1; --12345", '18 位'],
    ['a space inside', '91350100 000100Y43', '大写字母'],
  ])('refuses %s', (_label, value, words) => {
    const r = checkCreditCode(value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toContain(words);
      if (value) expect(r.message).not.toContain(value);
    }
  });

  it('property: every body with its computed check character is accepted', () => {
    fc.assert(fc.property(body, (b) => checkCreditCode(creditCode(b)).ok));
  });

  it('property: every other 18th character is refused as a wrong check character', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...CREDIT_CODE_ALPHABET.split('')), (b, last) => {
        fc.pre(last !== creditCodeCheckCharacter(b));
        const r = checkCreditCode(b + last);
        return !r.ok && r.message === '统一社会信用代码校验位不正确';
      }),
    );
  });

  it('property: changing any one character of a valid code is caught (MOD 31 over distinct weights)', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 30 }), (b, at, shift) => {
        const code = creditCode(b);
        const changed = CREDIT_CODE_ALPHABET[(CREDIT_CODE_ALPHABET.indexOf(code[at]!) + shift) % 31]!;
        return !checkCreditCode(code.slice(0, at) + changed + code.slice(at + 1)).ok;
      }),
    );
  });

  it('property: the check character is always of the alphabet', () => {
    fc.assert(fc.property(body, (b) => CREDIT_CODE_ALPHABET.includes(creditCodeCheckCharacter(b))));
  });
});

describe('creditCodeProblem (the forms\' instant check)', () => {
  it.each([
    // Published codes of real companies.
    ['91110000802100433B', null],
    ['91350100M000100Y43', null],
    ['91110000802100433', '统一社会信用代码应为 18 位'],
    ['91110000802100433C', '统一社会信用代码校验位不正确'],
    ['9111000080210043IB', '统一社会信用代码只能由数字和大写字母组成（不含 I、O、S、V、Z）'],
    ['', '请填写统一社会信用代码'],
    ['  ', '请填写统一社会信用代码'],
  ])('%s → %s', (code, problem) => {
    expect(creditCodeProblem(code)).toBe(problem);
  });

  it('reads lower case and spaces as the buyer means them', () => {
    expect(creditCodeProblem(' 91110000802100433b ')).toBeNull();
  });

  it('any body with its own check character passes; any other last character fails', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...CREDIT_CODE_ALPHABET), (b, other) => {
        const check = creditCodeCheckCharacter(b);
        expect(creditCodeProblem(b + check)).toBeNull();
        if (other !== check) expect(creditCodeProblem(b + other)).toBe('统一社会信用代码校验位不正确');
      }),
    );
  });
});
