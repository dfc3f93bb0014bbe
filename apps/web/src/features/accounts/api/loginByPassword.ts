import { CLIENT_TYPE, type TokenPair } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { flowMessages } from '../../../lib/http-messages.ts';

export interface PasswordLoginInput {
  username: string;
  password: string;
  remember: boolean;
}

export function loginByPassword(input: PasswordLoginInput) {
  return request.postForm<TokenPair>(
    '/member/user/auth/login/pw',
    { ...input, clientType: CLIENT_TYPE },
    // Silent: the sign-in form shows a refusal beside its field (components/refusal.ts).
    { flowMessage: flowMessages.loginFailed, silent: true },
  );
}
