import path from 'node:path';
import type { Config } from '../../config.ts';
import { IMAGE_NAME, MAX_IMAGE_BYTES, sniffImage } from '../../lib/image-kind.ts';
import { storedImage, storeImageIn } from '../../lib/image-upload.ts';

/**
 * Evidence images of after-sale requests: the type read from the bytes (lib/image-kind.ts), stored
 * by lib/image-upload.ts under server-made names of 128 random bits, so a name is unguessable and
 * can be served to whoever holds it (an <img> cannot send the access token).
 */
export { IMAGE_NAME, MAX_IMAGE_BYTES, sniffImage };
export const MAX_IMAGES = 6;

export function uploadDir(config: Config): string {
  return path.join(config.dataDir, 'uploads', 'aftersale');
}

export function storeImage(config: Config, bytes: Buffer, ext: string): Promise<string> {
  return storeImageIn(uploadDir(config), bytes, ext);
}

export function imagePath(config: Config, name: string): string | undefined {
  return storedImage(uploadDir(config), name)?.file;
}

export const imageUrl = (name: string) => `/member/order/afterSale/image/${name}`;
