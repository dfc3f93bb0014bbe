import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { storedImage } from '../../lib/image-upload.ts';
import type { Secrets } from '../../lib/secrets.ts';

/**
 * The pictures of an application, checked by lib/image-upload.ts (JPEG/PNG/WebP by magic bytes,
 * 5 MB) and kept under server-made names of 32 hex digits whose second half is a keyed tag of the
 * uploading member, so a step can only name its own member's uploads (no table of uploads needed).
 *
 * - 营业执照 (licence): private, in DATA_DIR/uploads/supplier-licences, served only through a link
 *   signed with the shop's data key that lasts 10 minutes, handed to the owner and to reviewers.
 * - 店铺 Logo: public, in DATA_DIR/uploads/store-logos, at /static/uploads/store-logos/<name>.
 */
export type SupplierFileKind = 'licence' | 'logo';
export const LICENCE_LINK_SECONDS = 10 * 60;
export const LICENCE_PATH = '/member/supplier/file/';
export const STORE_LOGO_PREFIX = '/static/uploads/store-logos/';

const DIRS: Record<SupplierFileKind, string> = { licence: 'supplier-licences', logo: 'store-logos' };
const dir = (config: Config, kind: SupplierFileKind) => path.join(config.dataDir, 'uploads', DIRS[kind]);

const hmac = (secrets: Secrets, text: string) => crypto.createHmac('sha256', secrets.dataKey).update(text).digest('hex');
const ownerTag = (secrets: Secrets, memberId: string, random: string) =>
  hmac(secrets, `supplier-file:${memberId}:${random}`).slice(0, 16);

/** Writes an uploaded picture under a new name tagged with its member; answers the name. */
export async function storeSupplierImage(
  config: Config,
  secrets: Secrets,
  memberId: string,
  kind: SupplierFileKind,
  bytes: Buffer,
  ext: string,
): Promise<string> {
  const random = crypto.randomBytes(8).toString('hex');
  const name = `${random}${ownerTag(secrets, memberId, random)}.${ext}`;
  await fs.promises.mkdir(dir(config, kind), { recursive: true });
  await fs.promises.writeFile(path.join(dir(config, kind), name), bytes, { mode: 0o640, flag: 'wx' });
  return name;
}

/** Whether `name` is a picture of this kind that this member uploaded (and it is still there). */
export function ownsSupplierImage(config: Config, secrets: Secrets, memberId: string, kind: SupplierFileKind, name: string) {
  const found = storedImage(dir(config, kind), name);
  if (!found) return false;
  const tag = ownerTag(secrets, memberId, name.slice(0, 16));
  return crypto.timingSafeEqual(Buffer.from(tag), Buffer.from(name.slice(16, 32)));
}

export const supplierImageFile = (config: Config, kind: SupplierFileKind, name: string) =>
  storedImage(dir(config, kind), name);

export const storeLogoUrl = (name: string) => STORE_LOGO_PREFIX + name;

const linkSignature = (secrets: Secrets, name: string, exp: number) => hmac(secrets, `supplier-licence:${name}:${exp}`);

/** A link to a licence that works for 10 minutes from `now` (ms). */
export function licenceUrl(secrets: Secrets, name: string, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + LICENCE_LINK_SECONDS;
  return `${LICENCE_PATH}${name}?exp=${exp}&sig=${linkSignature(secrets, name, exp)}`;
}

/** Whether a link's signature is the shop's and its time has not passed. */
export function licenceLinkValid(secrets: Secrets, name: string, exp: string, sig: string, now = Date.now()): boolean {
  const expires = Number(exp);
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  if (expires * 1000 > now + LICENCE_LINK_SECONDS * 1000 + 60_000) return false;
  const want = Buffer.from(linkSignature(secrets, name, expires));
  const given = Buffer.from(sig);
  return want.length === given.length && crypto.timingSafeEqual(want, given);
}
