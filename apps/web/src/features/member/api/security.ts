import { request } from '../../../lib/request.ts';
import type { SecurityPurpose } from './types.ts';

/** 账户安全 writes: password, SMS codes, re-authentication and the mobile change. */
export function changePassword(input: { oldPassword?: string; smsCode?: string; newPassword: string }) {
  return request.post<{ signedOutSessions: number }>('/member/user/security/password', input);
}

/** A code to the bound mobile (changePassword, verifyMobile) or, with a ticket, to the new number (bindMobile). */
export function sendSecurityCode(input: { purpose: SecurityPurpose; ticket?: string; mobileNumber?: string }) {
  return request.post<null>('/member/user/security/sendCode', input, { flowMessage: '验证码发送失败' });
}

export function reauthenticate(input: { password?: string; smsCode?: string }) {
  return request.post<{ ticket: string; expiresIn: number }>('/member/user/security/verify', input);
}

export function bindMobile(input: { ticket: string; mobileNumber: string; code: string }) {
  return request.post<{ mobile: string }>('/member/user/security/mobile', input);
}
