import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import { hasStoredImage, storeImageAs, storedImage, type UploadArea } from '../../lib/image-upload.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { signedLink, signedLinkValid } from '../../lib/signed-link.ts';

/**
 * The pictures of an application, checked by lib/image-upload.ts (JPEG/PNG/WebP by magic bytes,
 * 5 MB) and kept under server-made names of 32 hex digits whose second half is a keyed tag of the
 * uploading member, so a step can only name its own member's uploads (no table of uploads needed).
 *
 * - 营业执照 (licence): private, in the storage area `supplier-licences`, served only through a link
 *   signed with the shop's data key that lasts 10 minutes (lib/signed-link.ts), handed to the owner and to reviewers.
 * - 店铺 Logo: public, in the storage area `store-logos`, at /static/uploads/store-logos/<name>.
 */
export type SupplierFileKind = 'licence' | 'logo';
export const LICENCE_LINK_SECONDS = 10 * 60;
export const LICENCE_PATH = '/member/supplier/file/';
export const STORE_LOGO_PREFIX = '/static/uploads/store-logos/';

const AREAS: Record<SupplierFileKind, UploadArea> = { licence: 'supplier-licences', logo: 'store-logos' };

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
  await storeImageAs({ config }, AREAS[kind], name, bytes);
  return name;
}

/** Whether `name` is a picture of this kind that this member uploaded (and it is still there). */
export async function ownsSupplierImage(config: Config, secrets: Secrets, memberId: string, kind: SupplierFileKind, name: string) {
  if (!(await hasStoredImage({ config }, AREAS[kind], name))) return false;
  const tag = ownerTag(secrets, memberId, name.slice(0, 16));
  return crypto.timingSafeEqual(Buffer.from(tag), Buffer.from(name.slice(16, 32)));
}

export const supplierImageFile = (config: Config, kind: SupplierFileKind, name: string) =>
  storedImage({ config }, AREAS[kind], name);

export const storeLogoUrl = (name: string) => STORE_LOGO_PREFIX + name;

/** A link to a licence that works for 10 minutes from `now` (ms). */
export function licenceUrl(secrets: Secrets, name: string, now = Date.now()): string {
  return signedLink(secrets, 'supplier-licence', LICENCE_PATH, name, LICENCE_LINK_SECONDS, now);
}

/** Whether a link's signature is the shop's and its time has not passed. */
export function licenceLinkValid(secrets: Secrets, name: string, exp: string, sig: string, now = Date.now()): boolean {
  return signedLinkValid(secrets, 'supplier-licence', name, exp, sig, LICENCE_LINK_SECONDS, now);
}
