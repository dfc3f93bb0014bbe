import type { CurrentUser } from '@mall/shared';
import { request } from '../../../lib/request.ts';

/** A multipart body through the one request helper (the browser sets the boundary). */
export function uploadAvatar(file: Blob, fileName: string) {
  const body = new FormData();
  body.append('file', file, fileName);
  return request.upload<CurrentUser>('/member/user/profile/avatar', body);
}
