import { request } from '../../../lib/request.ts';
import type { UploadedImage } from './types.ts';

/** Uploads one picture (JPEG/PNG/WebP, ≤ 5 MB, checked by the server by its bytes); `store` in 本店商品. */
export function uploadGoodsImage(file: Blob, signal?: AbortSignal, store = false) {
  const form = new FormData();
  form.append('file', file);
  return request.upload<UploadedImage>(store ? '/ops/store/goods/image' : '/ops/goods/image', form, {
    silent: true,
    signal,
    timeoutMs: 60_000,
  });
}
