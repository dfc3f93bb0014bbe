/**
 * The browser's instant check of a 统一社会信用代码 (GB 32100-2015), as the server checks it: 18
 * characters of the code's alphabet (no I, O, S, V, Z) and the check character
 * 31 − (Σ digit × weight mod 31), where 31 reads as 0. The server decides anyway.
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters (which must be of the alphabet). */
export function creditCodeCheckChar(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_ALPHABET.indexOf(body17[i]!) * WEIGHTS[i]!;
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31]!;
}

export const normaliseCreditCode = (input: string) => input.replace(/\s+/g, '').toUpperCase();

/** Null when the code passes; otherwise the Chinese reason. */
export function creditCodeProblem(input: string): string | null {
  const value = normaliseCreditCode(input);
  if (!value) return '请填写统一社会信用代码';
  if (value.length !== 18) return '统一社会信用代码应为 18 位';
  if ([...value].some((ch) => !CREDIT_CODE_ALPHABET.includes(ch))) return '统一社会信用代码只能由数字和大写字母组成（不含 I、O、S、V、Z）';
  if (creditCodeCheckChar(value.slice(0, 17)) !== value[17]) return '统一社会信用代码校验位不正确';
  return null;
}
