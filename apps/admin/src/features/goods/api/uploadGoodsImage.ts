import { request } from '../../../lib/request.ts';
import type { UploadedImage } from './types.ts';

/** Uploads one picture (JPEG/PNG/WebP, ≤ 5 MB, checked by the server by its bytes). */
export function uploadGoodsImage(file: Blob, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return request.upload<UploadedImage>('/ops/goods/image', form, { silent: true, signal, timeoutMs: 60_000 });
}
