import type { OpsLoginResult } from '@mall/shared';
import { LOGIN_URL, SUPPLIER_LOGIN_URL, request } from '../../../lib/request.ts';

export interface LoginInput {
  username: string;
  password: string;
  totpCode?: string;
}

/** Silent: the sign-in form shows every refusal itself (beside the field, or above the form). */
export function login(input: LoginInput) {
  return request.post<OpsLoginResult>(LOGIN_URL, input, { silent: true });
}

/** 供应商登录: the shop member's own username or mobile and password; silent, as the operators' form. */
export function supplierLogin(input: { account: string; password: string }) {
  return request.post<OpsLoginResult>(SUPPLIER_LOGIN_URL, input, { silent: true });
}

export function changePassword(input: { oldPassword: string; newPassword: string }) {
  return request.post<unknown>('/ops/auth/password', input, { silent: true });
}
