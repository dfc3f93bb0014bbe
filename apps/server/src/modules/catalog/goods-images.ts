import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { IMAGE_NAME } from '../../lib/image-kind.ts';
import { hasStoredImage, storeImageIn, storedImage } from '../../lib/image-upload.ts';

/**
 * Pictures operators upload for goods (and brand logos): checked by lib/image-upload.ts (magic
 * bytes, 5 MB), kept in the shop's storage (area `goods`) under server-made names and served publicly at
 * /static/uploads/goods/<name>, where the buyer's pages show them. A goods stores the URLs.
 */
export const GOODS_IMAGE_PREFIX = '/static/uploads/goods/';

export async function storeGoodsImage(config: Config, bytes: Buffer, ext: string) {
  const name = await storeImageIn({ config }, 'goods', bytes, ext);
  return { name, url: GOODS_IMAGE_PREFIX + name };
}

export function goodsImageFile(config: Config, name: string) {
  return storedImage({ config }, 'goods', name);
}

/**
 * The URL to store for an image reference an operator sent: an uploaded name or its URL whose file
 * exists, or one of `kept` (pictures the goods or brand already has, such as generated ones).
 */
export async function resolveImage(config: Config, ref: string, kept: ReadonlySet<string>, label: string): Promise<string> {
  if (kept.has(ref)) return ref;
  const name = ref.startsWith(GOODS_IMAGE_PREFIX) ? ref.slice(GOODS_IMAGE_PREFIX.length) : ref;
  if (IMAGE_NAME.test(name) && (await hasStoredImage({ config }, 'goods', name))) return GOODS_IMAGE_PREFIX + name;
  throw badRequest(`${label}不存在或已失效，请重新上传`);
}
