/**
 * The browser's instant check of a mainland ID number (GB 11643-1999), the same rules the server
 * applies: 18 characters, a known province code, a real birth date in the past (not before 1900) and
 * the ISO 7064 MOD 11-2 check character; a lowercase x reads as X. The server decides anyway.
 */
import { shopDay } from '@mall/shared';

const PROVINCES = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
]);
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The check character of the first 17 digits. */
export function idCheckCharacter(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

function isRealDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === iso;
}

export function normaliseIdNumber(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** Null when the number passes; otherwise the Chinese reason (never repeating the number). */
export function idNumberProblem(input: string, today = shopDay()): string | null {
  const value = normaliseIdNumber(input);
  if (!value) return '请填写身份证号码';
  if (value.length !== 18) return '身份证号码应为 18 位';
  if (!/^\d{17}[\dX]$/.test(value)) return '身份证号码只能由数字组成，最后一位可以是 X';
  if (!PROVINCES.has(value.slice(0, 2))) return '身份证号码的地区代码不正确';
  const birth = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  if (!isRealDate(birth) || birth < '1900-01-01' || birth > today) return '身份证号码中的出生日期不正确';
  if (idCheckCharacter(value.slice(0, 17)) !== value[17]) return '身份证号码校验位不正确，请核对';
  return null;
}

/** Chinese names: 2–20 Han characters, minority names joined by “·”. */
export const REAL_NAME_PATTERN = /^\p{Script=Han}(?:\p{Script=Han}|·(?=\p{Script=Han}))+$/u;
