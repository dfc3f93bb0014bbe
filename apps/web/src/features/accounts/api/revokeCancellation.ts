import { CLIENT_TYPE, type TokenPair } from '@mall/shared';
import { request } from '../../../lib/request.ts';

/** 撤销注销 with the ticket a sign-in refused with 101008 gave; signs in as that sign-in would have. */
export function revokeCancellation(input: { revokeTicket: string; remember: boolean }) {
  return request.post<TokenPair>('/member/user/auth/cancellation/revoke', { ...input, clientType: CLIENT_TYPE }, { silent: true });
}
