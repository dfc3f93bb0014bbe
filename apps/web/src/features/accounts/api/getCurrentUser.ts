import type { CurrentUser } from '@mall/shared';
import { request, type RequestOptions } from '../../../lib/request.ts';
import { flowMessages } from '../../../lib/http-messages.ts';

export function getCurrentUser(options: RequestOptions = {}) {
  return request.get<CurrentUser | null>('/member/user/user/current', undefined, {
    flowMessage: flowMessages.userInfoFailed,
    ...options,
  });
}
