import crypto from 'node:crypto';
import type { Secrets } from './secrets.ts';

/**
 * Short-lived links to private files (a supplier's licence, after-sale evidence): `<path><name>?exp=&sig=`,
 * signed with the shop's data key. An <img> cannot send an access token, so the server hands a link
 * only to whoever may see the file, and the link stops working after `seconds`. The purpose is part
 * of what is signed, so a link made for one kind of file never opens another.
 */
const signature = (secrets: Secrets, purpose: string, name: string, exp: number) =>
  crypto.createHmac('sha256', secrets.dataKey).update(`${purpose}:${name}:${exp}`).digest('hex');

/** A link to `name` under `path` that works for `seconds` from `now` (ms). */
export function signedLink(
  secrets: Secrets,
  purpose: string,
  path: string,
  name: string,
  seconds: number,
  now = Date.now(),
): string {
  const exp = Math.floor(now / 1000) + seconds;
  return `${path}${name}?exp=${exp}&sig=${signature(secrets, purpose, name, exp)}`;
}

/** Whether a link's signature is the shop's, for this purpose and name, and its time has not passed. */
export function signedLinkValid(
  secrets: Secrets,
  purpose: string,
  name: string,
  exp: string,
  sig: string,
  seconds: number,
  now = Date.now(),
): boolean {
  if (!/^\d{1,12}$/.test(exp)) return false;
  const expires = Number(exp);
  if (expires * 1000 < now) return false;
  // A link never lives longer than links of its kind are made for (a minute of clock slack).
  if (expires * 1000 > now + seconds * 1000 + 60_000) return false;
  const want = Buffer.from(signature(secrets, purpose, name, expires));
  const given = Buffer.from(sig);
  return want.length === given.length && crypto.timingSafeEqual(want, given);
}
