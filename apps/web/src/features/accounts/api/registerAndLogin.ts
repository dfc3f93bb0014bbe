import { CLIENT_TYPE, type TokenPair } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { flowMessages } from '../../../lib/http-messages.ts';

/** First use (conventions): a mobile number and its SMS code sign in, or start a new member. */
export interface SmsLoginInput {
  mobileNumber: string;
  code: string;
  remember: boolean;
}

/** Second use: the signed-in member with no roles completes the account. */
export interface CompleteRegistrationInput {
  username: string;
  password: string;
  nickname?: string;
  invitationCode?: string;
}

/** Both calls are silent: the forms show a refusal beside its field (components/refusal.ts). */
export function loginBySmsCode(input: SmsLoginInput) {
  return request.postForm<TokenPair>(
    '/member/user/auth/registerAndLogin',
    { ...input, clientType: CLIENT_TYPE },
    { flowMessage: flowMessages.loginFailed, silent: true },
  );
}

export function completeRegistration(input: CompleteRegistrationInput) {
  return request.postForm<TokenPair>(
    '/member/user/auth/registerAndLogin',
    { ...input, clientType: CLIENT_TYPE },
    { flowMessage: '注册失败', silent: true },
  );
}
