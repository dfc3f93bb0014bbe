import type { AppContext } from '../../lib/context.ts';
import { currentMember } from './accounts.service.ts';

/** The member's profile for their own data copy: everything they gave us, never the password hash. */
export async function exportFor(ctx: AppContext, memberId: string) {
  const m = await currentMember(ctx, memberId);
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    mobile: m.mobile,
    gender: m.gender,
    birthday: m.birthday,
    avatar: m.avatar,
    roles: m.roles,
    status: m.status,
    invitationCode: m.invitationCode,
    registeredAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}
