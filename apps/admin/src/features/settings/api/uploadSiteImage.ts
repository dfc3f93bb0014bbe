import { request } from '../../../lib/request.ts';

/** A picture for a setting (favicon, logo, banner): PNG, JPEG or WebP, at most 5 MB, checked by its bytes. */
export function uploadSiteImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request.upload<{ url: string }>('/ops/settings/upload', form, { silent: true, timeoutMs: 60_000 });
}
