import { request } from '../../../lib/request.ts';

/** 忘记密码: a code to the bound mobile. The answer is the same whether the number is registered or not. */
export function sendResetCode(mobileNumber: string) {
  return request.post<null>('/member/user/auth/resetPassword/sendCode', { mobileNumber }, { silent: true });
}

export interface ResetPasswordInput {
  mobileNumber: string;
  code: string;
  newPassword: string;
}

/** Sets the new password; every session of the member is signed out. */
export function resetPassword(input: ResetPasswordInput) {
  return request.post<{ signedOutSessions: number }>('/member/user/auth/resetPassword', input, { silent: true });
}
