import { canMoveMember, CANCELLED_MEMBER_NAME, Code, maskMobile, MOBILE_PATTERN, type ClientType, type MemberStatus, type TokenPair } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { clientTypeName, describeDevice, maskIp } from '../../lib/device.ts';
import { AppError } from '../../lib/errors.ts';
import { lockedError, lockTimeLeft } from '../../lib/lockout.ts';
import * as repo from './accounts.repo.ts';
import { publishRegistered } from './member-moments.ts';
import { endMemberSessions } from './sessions-end.ts';
import { cancellingRefusal, revokeCancellation } from './cancellation.service.ts';
import { latestCancellation } from './cancellation.repo.ts';
import { issueSmsCode, useSmsCode } from './sms-codes.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newRefreshToken, signAccessToken, verifyAccessToken } from './tokens.ts';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  visitorId: string | null;
}

export interface AuthedMember {
  memberId: string;
  sessionId: string;
  roles: string[];
}

// ---------- sessions ----------

async function openSession(
  ctx: AppContext,
  db: Parameters<typeof repo.insertSession>[0],
  memberId: string,
  opts: { clientType: ClientType; remember: boolean; client: ClientInfo },
): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  const ttl = opts.remember ? ctx.config.REFRESH_TOKEN_TTL_REMEMBER : ctx.config.REFRESH_TOKEN_TTL;
  const session = await repo.insertSession(db, {
    memberId,
    refreshHash: hashToken(refreshToken),
    clientType: opts.clientType,
    remember: opts.remember,
    ip: opts.client.ip,
    userAgent: opts.client.userAgent,
    expiresAt: new Date(Date.now() + ttl * 1000),
  });
  const accessToken = await signAccessToken(
    ctx.secrets.jwtKey,
    { memberId, sessionId: session.id },
    ctx.config.ACCESS_TOKEN_TTL,
  );
  return { accessToken, refreshToken };
}

/** Checks an access token against its live session: 104 expired, 105 over, 107 disabled. */
export async function authenticate(ctx: AppContext, token: string): Promise<AuthedMember> {
  const claims = await verifyAccessToken(ctx.secrets.jwtKey, token);
  const found = await repo.findSessionWithMember(ctx.db, claims.sessionId);
  if (!found || found.session.memberId !== claims.memberId) throw new AppError(Code.SESSION_OVER);
  if (found.session.revokedAt || found.session.expiresAt <= new Date()) throw new AppError(Code.SESSION_OVER);
  if (found.status !== 'active') throw new AppError(Code.MEMBER_DISABLED);
  if (Date.now() - found.session.lastActiveAt.getTime() > 60_000) await repo.touchSession(ctx.db, claims.sessionId);
  return { memberId: claims.memberId, sessionId: claims.sessionId, roles: found.roles };
}

export async function refreshAccessToken(ctx: AppContext, refreshToken: string): Promise<string> {
  const session = await repo.findSessionByRefreshHash(ctx.db, hashToken(refreshToken));
  if (!session || session.revokedAt || session.expiresAt <= new Date()) throw new AppError(Code.SESSION_OVER);
  const member = await repo.findMemberById(ctx.db, session.memberId);
  if (!member) throw new AppError(Code.SESSION_OVER);
  if (member.status !== 'active') throw new AppError(Code.MEMBER_DISABLED);
  await repo.touchSession(ctx.db, session.id);
  return signAccessToken(ctx.secrets.jwtKey, { memberId: member.id, sessionId: session.id }, ctx.config.ACCESS_TOKEN_TTL);
}

export async function logout(ctx: AppContext, sessionId: string) {
  await repo.revokeSession(ctx.db, sessionId);
}

// ---------- password sign-in ----------

export async function loginByPassword(
  ctx: AppContext,
  input: { username: string; password: string; remember: boolean; clientType: ClientType },
  client: ClientInfo,
): Promise<TokenPair> {
  const memberId = await checkMemberPassword(ctx, input.username, input.password);
  return openSession(ctx, ctx.db, memberId, { ...input, client });
}

/**
 * A member's username or mobile and password under the sign-in lockout: the member's id, or 102
 * (unknown or wrong), the lockout's message, or 107 (disabled). The supplier console sign-in uses it too.
 */
export async function checkMemberPassword(ctx: AppContext, account: string, password: string): Promise<string> {
  const input = { username: account, password };
  const member = MOBILE_PATTERN.test(input.username)
    ? await repo.findMemberByMobile(ctx.db, input.username)
    : await repo.findMemberByUsername(ctx.db, input.username);
  // One counter per account, whether it is reached by username or by mobile; unknown names are
  // counted (and locked) by name, so a refusal never tells whether the account exists.
  const loginKey = member ? `pw:member:${member.id}` : `pw:name:${input.username.toLowerCase()}`;
  const check = await throttledPasswordCheck(ctx, loginKey, async () => {
    const passwordOk = member?.passwordHash
      ? await verifyPassword(input.password, member.passwordHash)
      : await burnPasswordCheck(input.password);
    return Boolean(member) && passwordOk;
  });
  if (!check.ok || !member) {
    throw !check.ok && check.lockedMs > 0 ? lockedError(check.lockedMs) : new AppError(Code.BAD_CREDENTIALS);
  }
  // 注销中: the password was right, so the member is offered 撤销注销 (a ticket in the refusal).
  if (member.status === 'cancelling') throw await cancellingRefusal(ctx, member.id);
  if (member.status !== 'active') throw new AppError(Code.MEMBER_DISABLED);
  return member.id;
}

/**
 * Checks a password under the lockout of `key` (lib/lockout.ts). The try is counted before the
 * password is checked, under a lock on the key: a burst of concurrent guesses cannot all pass the
 * lock check before the first failure is written. A right password clears the count. `lockedMs` is
 * the time left when locked (before or by this try), 0 for a plain wrong password.
 */
export async function throttledPasswordCheck(
  ctx: AppContext,
  key: string,
  check: () => Promise<boolean>,
): Promise<{ ok: true } | { ok: false; lockedMs: number }> {
  const lockedMs = await ctx.db.transaction(async (tx) => {
    await repo.lockLoginKey(tx, key);
    const left = lockTimeLeft(await repo.recentLoginFailures(tx, key));
    if (left === 0) await repo.recordLoginFailure(tx, key);
    return left;
  });
  if (lockedMs > 0) return { ok: false, lockedMs };
  if (!(await check())) return { ok: false, lockedMs: lockTimeLeft(await repo.recentLoginFailures(ctx.db, key)) };
  await repo.clearLoginFailures(ctx.db, key);
  return { ok: true };
}

// ---------- SMS codes ----------

export async function sendSmsCode(ctx: AppContext, mobile: string, client: ClientInfo): Promise<void> {
  await issueSmsCode(ctx, mobile, 'login', client);
}

/** Signs in by SMS code; an unknown number becomes a new member with no roles yet. */
export async function loginBySmsCode(
  ctx: AppContext,
  input: { mobileNumber: string; code: string; remember: boolean; clientType: ClientType },
  client: ClientInfo,
): Promise<TokenPair> {
  type Outcome = { error: number } | { cancelling: string } | { tokens: TokenPair };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const refused = await useSmsCode(ctx, tx, input.mobileNumber, 'login', input.code);
    if (refused !== null) return { error: refused };
    const member =
      (await repo.findMemberByMobile(tx, input.mobileNumber)) ??
      (await repo.insertMember(tx, { mobile: input.mobileNumber, roles: [] }));
    if (member.status === 'cancelling') return { cancelling: member.id };
    if (member.status !== 'active') return { error: Code.MEMBER_DISABLED };
    return { tokens: await openSession(ctx, tx, member.id, { ...input, client }) };
  });
  // Refusals are returned, not thrown, so the wrong-try count above is committed.
  if ('error' in outcome) throw new AppError(outcome.error);
  if ('cancelling' in outcome) throw await cancellingRefusal(ctx, outcome.cancelling);
  return outcome.tokens;
}

// ---------- 撤销注销 ----------

/** Takes back a cancellation with the ticket a refused sign-in gave, and signs the member in. */
export async function revokeCancellationAndSignIn(
  ctx: AppContext,
  input: { revokeTicket: string; remember: boolean; clientType: ClientType },
  client: ClientInfo,
): Promise<TokenPair> {
  return revokeCancellation(ctx, input.revokeTicket, (tx, memberId) =>
    openSession(ctx, tx, memberId, { clientType: input.clientType, remember: input.remember, client }),
  );
}

// ---------- completing registration ----------

export async function completeRegistration(
  ctx: AppContext,
  authed: AuthedMember,
  input: { username: string; password: string; nickname?: string; invitationCode?: string; clientType: ClientType },
  client: ClientInfo,
): Promise<TokenPair> {
  // Cheap refusals first: the scrypt hash below costs a fraction of a second.
  if (authed.roles.length > 0) throw new AppError(Code.ALREADY_REGISTERED);
  const weak = passwordProblem(input.password);
  if (weak) throw new AppError(Code.WEAK_PASSWORD, weak);
  const holder = await repo.findMemberByUsername(ctx.db, input.username);
  if (holder && holder.id !== authed.memberId) throw new AppError(Code.USERNAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const session = await repo.findSessionWithMember(tx, authed.sessionId);
      // Only a member with no roles yet is completed, so two concurrent submits complete it once.
      const completed = await repo.completeMember(tx, authed.memberId, {
        username: input.username,
        passwordHash,
        nickname: input.nickname || input.username,
        invitationCode: input.invitationCode || null,
        roles: ['member'],
      });
      if (!completed) throw new AppError(Code.ALREADY_REGISTERED);
      await publishRegistered(tx, completed.id); // e.g. the 新人礼包 coupons (flows/subscribers/new-member-gift.ts)
      await repo.revokeSession(tx, authed.sessionId);
      return openSession(ctx, tx, completed.id, {
        clientType: input.clientType,
        remember: session?.session.remember ?? false,
        client,
      });
    });
  } catch (err) {
    // Two members choosing one username at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError(Code.USERNAME_TAKEN);
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function currentMember(ctx: AppContext, memberId: string) {
  const member = await repo.findMemberById(ctx.db, memberId);
  if (!member) throw new AppError(Code.SESSION_OVER);
  return member;
}

/** Gives a member a role (e.g. `distributor` when a programme admits them); once, inside the caller's transaction. */
export function grantRole(db: DbOrTx, memberId: string, role: string): Promise<boolean> {
  return repo.addRole(db, memberId, role);
}

/** How lists name members: nickname, else username, else the masked mobile. */
export async function memberDisplayNames(db: DbOrTx, ids: string[]): Promise<Map<string, { name: string; mobile: string | null }>> {
  const found = await repo.memberNames(db, ids);
  return new Map(
    found.map((m) => [
      m.id,
      {
        name: m.status === 'cancelled' ? CANCELLED_MEMBER_NAME : m.nickname || m.username || (m.mobile ? maskMobile(m.mobile) : '会员'),
        mobile: m.mobile,
      },
    ]),
  );
}

// ---------- operator actions ----------

/**
 * Disables or re-enables a member, found by id, username or mobile. Disabling revokes every session
 * in the same transaction, so the member's next request answers 105 and a new sign-in answers 107.
 * The change is conditional on the status read: a second click or a race changes nothing twice.
 */
export async function setMemberStatus(
  ctx: AppContext,
  who: string | { memberId: string },
  status: 'active' | 'disabled',
) {
  return ctx.db.transaction(async (tx) => {
    const member =
      typeof who === 'object'
        ? await repo.findMemberById(tx, who.memberId)
        : MOBILE_PATTERN.test(who)
          ? await repo.findMemberByMobile(tx, who)
          : await repo.findMemberByUsername(tx, who);
    if (!member) throw new AppError(Code.NOT_FOUND, '会员不存在');
    // 注销中 and 已注销 belong to the member and the sweeper: an operator neither disables nor restores them.
    if (member.status === 'cancelled') throw new AppError(Code.BAD_REQUEST, '该会员已注销，不能启用或禁用');
    if (member.status === 'cancelling') throw new AppError(Code.BAD_REQUEST, '该会员正在注销中，不能启用或禁用');
    if (!canMoveMember(member.status, status) || !(await repo.switchMemberStatus(tx, member.id, member.status, status))) {
      throw new AppError(Code.BAD_REQUEST, status === 'disabled' ? '该会员已是禁用状态' : '该会员已是正常状态');
    }
    const sessionsEnded = status === 'disabled' ? await endMemberSessions(tx, member.id) : 0;
    return { id: member.id, username: member.username, before: member.status, status, sessionsEnded };
  });
}

/** A member as the console lists one: the mobile masked, never a hash. */
function presentOpsMemberRow(m: repo.MemberListRow) {
  const lastActive = m.lastActiveAt ? new Date(m.lastActiveAt) : null;
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    avatar: m.avatar,
    mobile: maskMobile(m.mobile),
    roles: m.roles,
    status: m.status as MemberStatus,
    createdAt: m.createdAt.toISOString(),
    lastActiveAt: lastActive && !Number.isNaN(lastActive.getTime()) ? lastActive.toISOString() : null,
  };
}

/** 会员 in the console: by id, full mobile or its last 4 digits, username or nickname; status; registered between. */
export async function opsMemberPage(ctx: AppContext, q: repo.MemberFilter & { pageNum: number; pageSize: number }) {
  const { list, total } = await repo.pageMembers(ctx.db, q, q.pageNum, q.pageSize);
  return { list: list.map(presentOpsMemberRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** One member for the console: profile, roles, status, registration, live sessions (device, masked IP). */
export async function opsMemberProfile(ctx: AppContext, memberId: string) {
  const member = await repo.findMemberById(ctx.db, memberId);
  if (!member) throw new AppError(Code.NOT_FOUND, '会员不存在');
  const sessions = await repo.listLiveSessions(ctx.db, memberId);
  const cancellation = await latestCancellation(ctx.db, memberId);
  return {
    id: member.id,
    username: member.username,
    nickname: member.nickname,
    avatar: member.avatar,
    mobile: maskMobile(member.mobile),
    gender: member.gender,
    birthday: member.birthday,
    roles: member.roles,
    status: member.status as MemberStatus,
    hasPassword: Boolean(member.passwordHash),
    createdAt: member.createdAt.toISOString(),
    /** 注销账号: the latest request (注销中 until eraseAt; 已注销 since erasedAt). */
    cancellation: cancellation
      ? {
          status: cancellation.status,
          requestedAt: cancellation.requestedAt.toISOString(),
          eraseAt: cancellation.eraseAt.toISOString(),
          erasedAt: cancellation.erasedAt?.toISOString() ?? null,
        }
      : null,
    sessions: sessions.map((s) => ({
      id: s.id,
      clientTypeName: clientTypeName(s.clientType, s.userAgent),
      device: describeDevice(s.userAgent),
      ip: maskIp(s.ip),
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.lastActiveAt.toISOString(),
    })),
  };
}

// ---------- for the member area (profile, security, devices) ----------

export type ProfileChange = Partial<Pick<repo.MemberRow, 'nickname' | 'gender' | 'birthday' | 'avatar'>>;

export async function updateProfile(ctx: AppContext, memberId: string, values: ProfileChange) {
  return repo.updateMember(ctx.db, memberId, values);
}

/**
 * Sets a new password and ends every other session of the member in one transaction (whoever knew
 * the old password may hold one); returns how many were signed out.
 */
export async function changePassword(ctx: AppContext, memberId: string, newPassword: string, keepSessionId: string) {
  const passwordHash = await hashPassword(newPassword);
  return ctx.db.transaction(async (tx) => {
    await repo.updateMember(tx, memberId, { passwordHash });
    return endMemberSessions(tx, memberId, keepSessionId);
  });
}

/** The id of the member whose bound mobile this is, if any. */
export async function mobileHolder(ctx: AppContext, mobile: string): Promise<string | null> {
  return (await repo.findMemberByMobile(ctx.db, mobile))?.id ?? null;
}

/** Binds a mobile, in the caller's transaction; the unique index refuses one another member holds. */
export async function setMobile(db: DbOrTx, memberId: string, mobile: string) {
  await repo.updateMember(db, memberId, { mobile });
}

/**
 * In the caller's transaction: takes the lock under which sign-in codes of this number are sent
 * and checked, so that codes of other purposes sent to it are counted one at a time with them.
 */
export async function lockSmsMobile(tx: DbOrTx, mobile: string) {
  await repo.lockMobile(tx, mobile);
}

/** Sign-in codes sent in the last 24 hours (to the number, the visitor, the IP), for limits shared with them. */
export async function signInSmsCounts(
  tx: DbOrTx,
  q: { mobile: string; visitorId: string | null; ip: string | null; resendSeconds: number },
) {
  return repo.smsSendCounts(tx, q);
}

export async function liveSessions(ctx: AppContext, memberId: string) {
  return repo.listLiveSessions(ctx.db, memberId);
}

/** Signs out every session of the member but one. */
export async function revokeOtherSessions(ctx: AppContext, memberId: string, keepSessionId: string): Promise<number> {
  return ctx.db.transaction((tx) => endMemberSessions(tx, memberId, keepSessionId));
}
