import { randomInt } from 'node:crypto';
import { Code, USERNAME_PATTERN } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './accounts.repo.ts';
import type { AuthedMember } from './accounts.service.ts';

/** A suggestion leaves room for a suffix of up to 4 digits within the 20 characters of a username. */
const STEM_MAX = 16;
const DEFAULT_STEM = 'buyer';

/**
 * The stem of a suggestion: the typed name cut to start with a letter, or `buyer` with the mobile's last
 * four digits; a stem shorter than a username may be gets the mobile's tail too.
 */
export function usernameStem(base: string | undefined, mobile: string | null): string {
  const tail = (mobile ?? '').replace(/\D/g, '').slice(-4);
  const typed = (base ?? '').replace(/^[^A-Za-z]+/, '').slice(0, STEM_MAX);
  const stem = typed || `${DEFAULT_STEM}${tail}`;
  return stem.length >= 4 ? stem : `${stem}${tail || '2026'}`.slice(0, STEM_MAX);
}

/** The stem itself first, then with two, three and four random digits, three of each. */
export function usernameCandidates(stem: string, digits: (n: number) => string): string[] {
  const out = [stem];
  for (const n of [2, 3, 4]) for (let i = 0; i < 3; i++) out.push(`${stem}${digits(n)}`);
  return [...new Set(out)].filter((name) => USERNAME_PATTERN.test(name));
}

const randomDigits = (n: number) => String(randomInt(10 ** (n - 1), 10 ** n));

/**
 * A free username for a member completing the account (one with no roles yet): from what they typed,
 * else from their mobile's tail; checked against every member's username, letter case ignored. Free at
 * the moment of asking: completing the account checks again (the unique index decides a race).
 */
export async function suggestUsername(ctx: AppContext, authed: AuthedMember, base?: string): Promise<string> {
  if (authed.roles.length > 0) throw new AppError(Code.ALREADY_REGISTERED);
  const member = await repo.findMemberById(ctx.db, authed.memberId);
  if (!member) throw new AppError(Code.SESSION_OVER);
  const stem = usernameStem(base, member.mobile);
  for (let round = 0; round < 3; round++) {
    const candidates = usernameCandidates(stem, randomDigits);
    const taken = await repo.takenUsernames(ctx.db, candidates);
    const free = candidates.find((name) => !taken.has(name.toLowerCase()));
    if (free) return free;
  }
  throw new AppError(Code.BAD_REQUEST, '暂时想不出可用的用户名，请自己输入一个');
}
