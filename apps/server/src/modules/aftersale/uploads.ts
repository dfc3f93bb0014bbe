import type { Config } from '../../config.ts';
import { IMAGE_NAME, MAX_IMAGE_BYTES, sniffImage } from '../../lib/image-kind.ts';
import { storedImage, storeImageIn } from '../../lib/image-upload.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { signedLink, signedLinkValid } from '../../lib/signed-link.ts';

/**
 * Evidence images of after-sale requests: the type read from the bytes (lib/image-kind.ts), stored
 * by lib/image-upload.ts in the shop's storage (area `aftersale`) under server-made names of 128 random bits.
 * Private: served only through links signed with the shop's data key that last 10 minutes
 * (lib/signed-link.ts), handed in the after-sale's answers to its owner and to operators allowed to see it.
 */
export { IMAGE_NAME, MAX_IMAGE_BYTES, sniffImage };
export const MAX_IMAGES = 6;

export function storeImage(config: Config, bytes: Buffer, ext: string): Promise<string> {
  return storeImageIn({ config }, 'aftersale', bytes, ext);
}

export function storedEvidence(config: Config, name: string) {
  return storedImage({ config }, 'aftersale', name);
}

export const EVIDENCE_PATH = '/member/order/afterSale/image/';
export const EVIDENCE_LINK_SECONDS = 10 * 60;

/** A link to an evidence image that works for 10 minutes from `now` (ms). */
export const imageUrl = (secrets: Secrets, name: string, now = Date.now()) =>
  signedLink(secrets, 'aftersale-evidence', EVIDENCE_PATH, name, EVIDENCE_LINK_SECONDS, now);

export const evidenceLinkValid = (secrets: Secrets, name: string, exp: string, sig: string, now = Date.now()) =>
  signedLinkValid(secrets, 'aftersale-evidence', name, exp, sig, EVIDENCE_LINK_SECONDS, now);
