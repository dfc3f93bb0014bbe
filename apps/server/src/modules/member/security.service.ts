import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import * as accounts from '../accounts/accounts.service.ts';
import type { AuthedMember, ClientInfo } from '../accounts/accounts.service.ts';
import { passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newRefreshToken } from '../accounts/index.ts';
import { consumeSecurityCode, sendSecurityCode } from './security-codes.ts';
import * as repo from './security.repo.ts';
import type { SecurityPurpose } from './security.repo.ts';

const TICKET_TTL_MS = 10 * 60_000;

const memberRow = (ctx: AppContext, memberId: string) => accounts.currentMember(ctx, memberId);

function boundMobile(member: { mobile: string | null }): string {
  if (!member.mobile) throw badRequest('账号尚未绑定手机号，请使用原密码验证');
  return member.mobile;
}

// ---------- wrong old passwords ----------

/**
 * Checks the member's current password with its own throttle (5 wrong in 15 minutes → wait out the
 * 15 minutes), separate from the sign-in lockout so a wrong guess here cannot lock the owner out of
 * signing in. The try is counted before the check, under a lock, as sign-in does.
 */
async function checkCurrentPassword(
  ctx: AppContext,
  member: { id: string; passwordHash: string | null },
  password: string,
) {
  const passwordHash = member.passwordHash;
  if (!passwordHash) throw badRequest('账号尚未设置密码，请使用短信验证码');
  const check = await accounts.throttledPasswordCheck(ctx, `security:member:${member.id}`, () =>
    verifyPassword(password, passwordHash),
  );
  if (!check.ok) throw check.lockedMs > 0 ? throttled(check.lockedMs) : new AppError(Code.WRONG_PASSWORD);
}

function throttled(ms: number) {
  return new AppError(
    Code.TOO_MANY_REQUESTS,
    `当前密码错误次数过多，请 ${Math.max(1, Math.ceil(ms / 60_000))} 分钟后再试`,
  );
}

// ---------- password ----------

export async function changePassword(
  ctx: AppContext,
  authed: AuthedMember,
  input: { oldPassword?: string; smsCode?: string; newPassword: string },
): Promise<{ signedOutSessions: number }> {
  const member = await memberRow(ctx, authed.memberId);
  const weak = passwordProblem(input.newPassword);
  if (weak) throw new AppError(Code.WEAK_PASSWORD, weak);
  if (input.oldPassword !== undefined) {
    if (input.oldPassword === input.newPassword) throw badRequest('新密码不能与原密码相同');
    await checkCurrentPassword(ctx, member, input.oldPassword);
  } else {
    await consumeSecurityCode(ctx, member.id, 'changePassword', boundMobile(member), input.smsCode!);
  }
  // Whoever knew the old password may hold a session: every other one ends now, this one stays.
  const signedOutSessions = await accounts.changePassword(ctx, member.id, input.newPassword, authed.sessionId);
  return { signedOutSessions };
}

// ---------- codes ----------

export async function sendCode(
  ctx: AppContext,
  authed: AuthedMember,
  input: { purpose: SecurityPurpose; ticket?: string; mobileNumber?: string },
  client: ClientInfo,
): Promise<{ mobile: string }> {
  const member = await memberRow(ctx, authed.memberId);
  if (input.purpose !== 'bindMobile') {
    const mobile = boundMobile(member);
    await sendSecurityCode(ctx, member.id, input.purpose, mobile, client);
    return { mobile };
  }
  if (!input.ticket) throw badRequest('请先完成身份验证');
  if (!input.mobileNumber) throw badRequest('请填写新手机号');
  await requireTicket(ctx, authed, input.ticket);
  await refuseUnusableMobile(ctx, member, input.mobileNumber);
  await sendSecurityCode(ctx, member.id, 'bindMobile', input.mobileNumber, client);
  return { mobile: input.mobileNumber };
}

// ---------- mobile ----------

/** Re-authentication before a mobile change: the password, or a code sent to the bound mobile. */
export async function reauthenticate(
  ctx: AppContext,
  authed: AuthedMember,
  input: { password?: string; smsCode?: string },
): Promise<{ ticket: string; expiresIn: number }> {
  const member = await memberRow(ctx, authed.memberId);
  if (input.password !== undefined) await checkCurrentPassword(ctx, member, input.password);
  else await consumeSecurityCode(ctx, member.id, 'verifyMobile', boundMobile(member), input.smsCode!);
  const ticket = newRefreshToken();
  await repo.insertTicket(ctx.db, {
    memberId: member.id,
    sessionId: authed.sessionId,
    ticketHash: hashToken(ticket),
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return { ticket, expiresIn: TICKET_TTL_MS / 1000 };
}

async function requireTicket(ctx: AppContext, authed: AuthedMember, ticket: string) {
  const live = await repo.findLiveTicket(ctx.db, hashToken(ticket), authed.memberId, authed.sessionId);
  if (!live) throw new AppError(Code.FORBIDDEN, '身份验证已过期，请重新验证');
}

async function refuseUnusableMobile(ctx: AppContext, member: { id: string; mobile: string | null }, mobile: string) {
  if (member.mobile === mobile) throw badRequest('新手机号不能与当前绑定的手机号相同');
  const holder = await accounts.mobileHolder(ctx, mobile);
  if (holder && holder !== member.id) throw new AppError(Code.MOBILE_TAKEN);
}

export async function bindMobile(
  ctx: AppContext,
  authed: AuthedMember,
  input: { ticket: string; mobileNumber: string; code: string },
): Promise<{ mobile: string }> {
  const member = await memberRow(ctx, authed.memberId);
  await requireTicket(ctx, authed, input.ticket);
  await refuseUnusableMobile(ctx, member, input.mobileNumber);
  await consumeSecurityCode(ctx, member.id, 'bindMobile', input.mobileNumber, input.code);
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await repo.useTicket(tx, hashToken(input.ticket), authed.memberId, authed.sessionId))) {
        throw new AppError(Code.FORBIDDEN, '身份验证已过期，请重新验证');
      }
      await accounts.setMobile(tx, member.id, input.mobileNumber);
    });
  } catch (err) {
    // Another member took the number between the check and now: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError(Code.MOBILE_TAKEN);
    throw err;
  }
  return { mobile: input.mobileNumber };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

// ---------- 注销账号 ----------

/**
 * Uses up the member's 注销账号 code (purpose cancelAccount, to the bound mobile) under the member-area
 * codes' rules: 103 wrong (counted), 108 expired, used or burned by the fifth wrong try.
 */
export async function confirmCancellationCode(ctx: AppContext, memberId: string, smsCode: string): Promise<void> {
  const member = await memberRow(ctx, memberId);
  if (!member.mobile) throw badRequest('账号尚未绑定手机号，请先绑定手机号后再注销');
  await consumeSecurityCode(ctx, member.id, 'cancelAccount', member.mobile, smsCode);
}
