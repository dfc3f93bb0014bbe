/**
 * 统一社会信用代码 (GB 32100-2015), the one check of server and web: 18 characters of the alphabet
 * below (digits and capital letters without I, O, S, V, Z); the 18th is the check character of the
 * first 17, 31 − (Σ character × weight mod 31), where 31 reads as 0. The refusal texts never repeat
 * the code.
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters (which must be of the alphabet). */
export function creditCodeCheckCharacter(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_ALPHABET.indexOf(body17[i]!);
    if (value < 0) throw new Error('not a credit code character');
    sum += value * WEIGHTS[i]!;
  }
  const check = 31 - (sum % 31);
  return CREDIT_CODE_ALPHABET[check === 31 ? 0 : check]!;
}

export type CreditCodeCheck = { ok: true; value: string } | { ok: false; message: string };

const SHAPE = new RegExp(`^[${CREDIT_CODE_ALPHABET}]{18}$`);

/** Validates a code; lowercase letters are read as capitals, surrounding spaces ignored. */
export function checkCreditCode(input: string): CreditCodeCheck {
  const value = input.trim().toUpperCase();
  if (value.length !== 18) return { ok: false, message: '统一社会信用代码应为 18 位' };
  if (!SHAPE.test(value)) {
    return { ok: false, message: '统一社会信用代码只能由数字和大写字母组成（不含 I、O、S、V、Z）' };
  }
  if (creditCodeCheckCharacter(value.slice(0, 17)) !== value[17]) {
    return { ok: false, message: '统一社会信用代码校验位不正确' };
  }
  return { ok: true, value };
}

/** How a form reads what was typed: spaces anywhere dropped, lower case as capitals. */
export const normaliseCreditCode = (input: string) => input.replace(/\s+/g, '').toUpperCase();

/** A form's instant check: null when the code passes, otherwise the Chinese reason. */
export function creditCodeProblem(input: string): string | null {
  const value = normaliseCreditCode(input);
  if (!value) return '请填写统一社会信用代码';
  const r = checkCreditCode(value);
  return r.ok ? null : r.message;
}
