import { describe, expect, it } from 'vitest';
import { idCheckCharacter, idNumberProblem, normaliseIdNumber } from './idNumber.ts';

const valid = (body17: string) => body17 + idCheckCharacter(body17);

describe('GB 11643 check in the browser', () => {
  it('accepts the standard example and reads x as X', () => {
    expect(idCheckCharacter('11010519491231002')).toBe('X');
    expect(idNumberProblem('11010519491231002X')).toBeNull();
    expect(idNumberProblem('11010519491231002x')).toBeNull();
    expect(normaliseIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
  });

  it('refuses a wrong check character', () => {
    expect(idNumberProblem('110105194912310021')).toBe('身份证号码校验位不正确，请核对');
  });

  it('refuses wrong lengths, letters, unknown provinces and impossible or future birth dates', () => {
    expect(idNumberProblem('')).toBe('请填写身份证号码');
    expect(idNumberProblem('11010519491231002')).toBe('身份证号码应为 18 位');
    expect(idNumberProblem('1101051949123100AX')).toBe('身份证号码只能由数字组成，最后一位可以是 X');
    expect(idNumberProblem(valid('99010519491231002'))).toBe('身份证号码的地区代码不正确');
    expect(idNumberProblem(valid('11010519490231002'))).toBe('身份证号码中的出生日期不正确');
    expect(idNumberProblem(valid('11010520990101002'), '2026-01-01')).toBe('身份证号码中的出生日期不正确');
    expect(idNumberProblem(valid('11010518991231002'))).toBe('身份证号码中的出生日期不正确');
  });

  it('accepts numbers of every listed prefix with a right check character', () => {
    for (const p of ['44', '65', '81', '71']) expect(idNumberProblem(valid(`${p}010519900101123`))).toBeNull();
  });
});
