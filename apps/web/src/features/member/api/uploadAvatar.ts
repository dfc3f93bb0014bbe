import type { CurrentUser } from '@mall/shared';
import { request } from '../../../lib/request.ts';

/**
 * A multipart body through the one request helper: with multipart/form-data axios hands the FormData
 * to the browser as it is, and the browser sets the boundary.
 */
export function uploadAvatar(file: Blob, fileName: string) {
  const body = new FormData();
  body.append('file', file, fileName);
  return request.post<CurrentUser>('/member/user/profile/avatar', body, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}
