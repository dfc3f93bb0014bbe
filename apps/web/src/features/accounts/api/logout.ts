import { request } from '../../../lib/request.ts';

/** Revokes the session on the server; the caller clears the local session whatever the answer. */
export function logout() {
  return request.postForm<null>('/member/user/auth/logout', {}, { silent: true });
}
