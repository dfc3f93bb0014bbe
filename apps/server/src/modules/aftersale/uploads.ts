import type { Config } from '../../config.ts';
import { IMAGE_NAME, MAX_IMAGE_BYTES, sniffImage } from '../../lib/image-kind.ts';
import { storedImage, storeImageIn } from '../../lib/image-upload.ts';

/**
 * Evidence images of after-sale requests: the type read from the bytes (lib/image-kind.ts), stored
 * by lib/image-upload.ts in the shop's storage (area `aftersale`) under server-made names of 128 random bits.
 */
export { IMAGE_NAME, MAX_IMAGE_BYTES, sniffImage };
export const MAX_IMAGES = 6;

export function storeImage(config: Config, bytes: Buffer, ext: string): Promise<string> {
  return storeImageIn({ config }, 'aftersale', bytes, ext);
}

export function storedEvidence(config: Config, name: string) {
  return storedImage({ config }, 'aftersale', name);
}

export const imageUrl = (name: string) => `/member/order/afterSale/image/${name}`;
