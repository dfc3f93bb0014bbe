import type { Config } from '../../config.ts';
import { storedImage, storeImageIn } from '../../lib/image-upload.ts';

/**
 * Photos of reviews: checked by lib/image-upload.ts (JPEG/PNG/WebP by magic bytes, 5 MB), kept in
 * the shop's storage (area `reviews`) under server-made names of 128 random bits, and served publicly at
 * /static/uploads/reviews/<name>, as the goods page shows them to everyone.
 */
export const REVIEW_IMAGE_PREFIX = '/static/uploads/reviews/';
/** Uploads not yet on a review that one buyer may hold (a cap against filling the disk). */
export const MAX_UNATTACHED = 60;

export const storeReviewImage = (config: Config, bytes: Buffer, ext: string) => storeImageIn({ config }, 'reviews', bytes, ext);
export const reviewImageFile = (config: Config, name: string) => storedImage({ config }, 'reviews', name);
export const reviewImageUrl = (name: string) => REVIEW_IMAGE_PREFIX + name;
