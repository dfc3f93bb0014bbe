import type { OpsLoginResult } from '@mall/shared';
import { LOGIN_URL, request } from '../../../lib/request.ts';

export interface LoginInput {
  username: string;
  password: string;
  totpCode?: string;
}

/** Silent: the sign-in form shows every refusal itself (beside the field, or above the form). */
export function login(input: LoginInput) {
  return request.post<OpsLoginResult>(LOGIN_URL, input, { silent: true });
}

export function changePassword(input: { oldPassword: string; newPassword: string }) {
  return request.post<unknown>('/ops/auth/password', input, { silent: true });
}
