import type { AppContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SessionView } from '@mall/shared';
import * as accounts from '../accounts/accounts.service.ts';
import type { AuthedMember } from '../accounts/accounts.service.ts';
import { countRealNames } from '../realname/realname.service.ts';
import { clientTypeName, describeDevice, maskIp } from '../../lib/device.ts';

/** The member's signed-in sessions, the current one first. */
export async function listSessions(ctx: AppContext, authed: AuthedMember): Promise<SessionView[]> {
  const live = await accounts.liveSessions(ctx, authed.memberId);
  return live
    .map((s) => ({
      id: s.id,
      clientType: s.clientType,
      clientTypeName: clientTypeName(s.clientType, s.userAgent),
      device: describeDevice(s.userAgent),
      ip: maskIp(s.ip),
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastActiveAt.toISOString(),
      current: s.id === authed.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export async function revokeSession(ctx: AppContext, authed: AuthedMember, sessionId: string) {
  if (sessionId === authed.sessionId) throw badRequest('不能在这里退出当前设备，请使用“退出登录”');
  const live = await accounts.liveSessions(ctx, authed.memberId);
  // Only the member's own live sessions: another member's id reads as not found.
  if (!live.some((s) => s.id === sessionId)) throw notFound('该登录设备不存在或已退出');
  await accounts.logout(ctx, sessionId);
}

export async function revokeOtherSessions(ctx: AppContext, authed: AuthedMember): Promise<number> {
  return accounts.revokeOtherSessions(ctx, authed.memberId, authed.sessionId);
}

// ---------- security level ----------

export interface SecuritySummary {
  level: '低' | '中' | '高';
  score: number;
  items: {
    key: 'password' | 'mobile' | 'realName';
    title: string;
    done: boolean;
    description: string;
    advice: string | null;
  }[];
  sessionCount: number;
  advice: string[];
}

export async function securitySummary(ctx: AppContext, authed: AuthedMember): Promise<SecuritySummary> {
  const member = await accounts.currentMember(ctx, authed.memberId);
  const [realNames, sessions] = await Promise.all([
    countRealNames(ctx.db, member.id),
    accounts.liveSessions(ctx, member.id),
  ]);
  const items: SecuritySummary['items'] = [
    {
      key: 'password',
      title: '登录密码',
      done: Boolean(member.passwordHash),
      description: member.passwordHash ? '已设置，建议定期更换' : '未设置登录密码',
      advice: member.passwordHash ? null : '设置登录密码，便于用户名密码登录',
    },
    {
      key: 'mobile',
      title: '绑定手机',
      done: Boolean(member.mobile),
      description: member.mobile ? '已绑定，可用于登录和找回密码' : '未绑定手机号',
      advice: member.mobile ? null : '绑定手机号，账号更安全',
    },
    {
      key: 'realName',
      title: '实名信息',
      done: realNames > 0,
      description: realNames > 0 ? `已添加 ${realNames} 条` : '未添加实名信息',
      advice: realNames > 0 ? null : '添加实名信息，购买跨境商品时可直接选用',
    },
  ];
  const score = items.filter((i) => i.done).length;
  const advice = items.flatMap((i) => (i.advice ? [i.advice] : []));
  if (sessions.length > 3) advice.push(`当前有 ${sessions.length} 个设备登录，不认识的设备请及时退出`);
  return { level: score >= 3 ? '高' : score === 2 ? '中' : '低', score, items, sessionCount: sessions.length, advice };
}
