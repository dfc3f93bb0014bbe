import { request } from '../../../lib/request.ts';
import { flowMessages } from '../../../lib/http-messages.ts';

export function sendVerificationCode(mobileNumber: string) {
  return request.postForm<null>(
    '/member/user/auth/verificationCode',
    { mobileNumber },
    { flowMessage: flowMessages.smsSendFailed, silent: true },
  );
}
