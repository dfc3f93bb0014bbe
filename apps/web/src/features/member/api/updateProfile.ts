import type { CurrentUser } from '@mall/shared';
import { request } from '../../../lib/request.ts';

export interface ProfileInput {
  nickname?: string;
  gender?: 'male' | 'female' | 'unknown';
  /** YYYY-MM-DD, or null to clear it. */
  birthday?: string | null;
}

export function updateProfile(input: ProfileInput) {
  return request.post<CurrentUser>('/member/user/profile/update', input);
}
