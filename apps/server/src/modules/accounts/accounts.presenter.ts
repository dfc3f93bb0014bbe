import { maskMobile, type CurrentUser } from '@mall/shared';
import type { MemberRow } from './accounts.repo.ts';

/** The profile a member sees of themself: never a hash, the mobile masked. */
export function presentCurrentUser(m: MemberRow): CurrentUser {
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    avatar: m.avatar,
    mobile: maskMobile(m.mobile),
    gender: (m.gender as CurrentUser['gender']) ?? 'unknown',
    birthday: m.birthday,
    roles: m.roles,
    createdAt: m.createdAt.toISOString(),
  };
}
