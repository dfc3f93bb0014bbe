import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CREDIT_CODE_ALPHABET, creditCodeCheckChar, creditCodeProblem } from './creditCode.ts';

const body = fc.array(fc.constantFrom(...CREDIT_CODE_ALPHABET), { minLength: 17, maxLength: 17 }).map((a) => a.join(''));

describe('统一社会信用代码 check (GB 32100)', () => {
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
        const check = creditCodeCheckChar(b);
        expect(creditCodeProblem(b + check)).toBeNull();
        if (other !== check) expect(creditCodeProblem(b + other)).toBe('统一社会信用代码校验位不正确');
      }),
    );
  });
});
