import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { PASSWORD_MAX, PASSWORD_MIN } from '@mall/shared';
import { COMMON_PASSWORDS } from './common-passwords.ts';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt at the conventions' cost: N = 2^17, r = 8, p = 1 (128 MiB per hash). The server's tests lower
 * logN for every hash they make (test/setup.ts); verification reads the cost from the stored hash.
 */
export const passwordCost = { logN: 17 };
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { logN } = passwordCost;
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: 2 ** logN, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${logN}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A hash of nothing in particular, checked when the user is unknown so both paths take as long. */
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash.then((h) => verifyPassword(password, h)).then(() => false);
}

/** Why a new password is refused, in Chinese, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `密码至少 ${PASSWORD_MIN} 个字符`;
  if (length > PASSWORD_MAX) return `密码不能超过 ${PASSWORD_MAX} 个字符`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return '密码过于常见，容易被猜中，请换一个';
  if (/^(.)\1+$/.test(password)) return '密码不能是同一个字符的重复';
  return null;
}
