/**
 * Password hashes at a test cost, for every server test file (see ./setup.ts). The real cost
 * (scrypt N = 2^17, 128 MiB) takes ≈0.5 s a hash on a quiet 2-core machine and many seconds on a
 * loaded one; the API tests register, sign in and change passwords hundreds of times, and a file
 * with dozens of hashes ran past its time-outs. Verification is untouched: it reads the cost from
 * the stored hash, so every check is the real one. lib/passwords.test.ts checks the real cost.
 *
 * Imports nothing of the server's own: it is loaded while the passwords module is being mocked.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** N = 2^10 (1 MiB): a few milliseconds. Same format as the real hashes. */
const LOG_N = 10;
const R = 8;
const P = 1;

async function hashAtTestCost(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, 32, { N: 2 ** LOG_N, r: R, p: P });
  return `scrypt$${LOG_N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface PasswordsModule {
  hashPassword(password: string): Promise<string>;
  verifyPassword(password: string, stored: string): Promise<boolean>;
  burnPasswordCheck(password: string): Promise<boolean>;
}

export function atTestCost<M extends PasswordsModule>(actual: M): M {
  // The unknown-user check verifies against a hash made inside the module, at the real cost: made
  // here instead, so a sign-in with a wrong username costs what one with a wrong password does.
  let dummyHash: Promise<string> | undefined;
  const burnPasswordCheck = (password: string) => {
    dummyHash ??= hashAtTestCost(crypto.randomBytes(16).toString('hex'));
    return dummyHash.then((h) => actual.verifyPassword(password, h)).then(() => false);
  };
  return { ...actual, hashPassword: hashAtTestCost, burnPasswordCheck };
}
