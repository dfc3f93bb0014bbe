import { SignJWT, jwtVerify } from 'jose';
import { canMoveMember, Code, formatTime, type CancellingSignIn, type TokenPair } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { forgetOutboxMessages } from '../../lib/sms/sms-provider.ts';
import * as accountsRepo from './accounts.repo.ts';
import * as repo from './cancellation.repo.ts';
import { endMemberSessions } from './sessions-end.ts';

/**
 * 注销账号 as the accounts module keeps it: a member who asked is `cancelling` (no session, signing in
 * offers 撤销注销) until the cooling-off ends, then the sweeper erases everything personal and leaves a
 * `cancelled` tombstone. What may block a request and what other modules erase is put together in
 * flows/account-cancellation.ts.
 */

const REVOKE_TICKET_TTL_SECONDS = 10 * 60;
const TICKET_AUDIENCE = 'revoke-cancellation';
const ISSUER = 'buyer-mall';

/** The sign-in dialog's sentence. */
export function cancellingMessage(eraseAt: Date): string {
  return `您的账号正在注销中，将于 ${formatTime(eraseAt, 'YYYY年M月D日 HH:mm')} 注销；撤销注销后可继续使用`;
}

/**
 * Starts the cooling-off in the caller's transaction: active → cancelling, the request row, and every
 * session ended. False when the member is not active (a second request, a race, a disabled member).
 */
export async function startCancellation(tx: DbOrTx, memberId: string, eraseAt: Date): Promise<boolean> {
  if (!canMoveMember('active', 'cancelling')) return false;
  if (!(await accountsRepo.switchMemberStatus(tx, memberId, 'active', 'cancelling'))) return false;
  await repo.insertCancellation(tx, memberId, eraseAt);
  await endMemberSessions(tx, memberId);
  return true;
}

/** The open request of a member (cooling off), if any. */
export async function openCancellation(db: DbOrTx, memberId: string) {
  return repo.openCancellation(db, memberId);
}

/**
 * The refusal a sign-in of a cancelling member gets once its password or code passed: the date and a
 * ticket for 撤销注销 (10 minutes), so taking the request back needs no second sign-in.
 */
export async function cancellingRefusal(ctx: AppContext, memberId: string): Promise<AppError> {
  const open = await repo.openCancellation(ctx.db, memberId);
  if (!open) return new AppError(Code.CANCELLATION_STATE);
  const revokeTicket = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(memberId)
    .setIssuer(ISSUER)
    .setAudience(TICKET_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.ceil(Date.now() / 1000) + REVOKE_TICKET_TTL_SECONDS)
    .sign(ctx.secrets.jwtKey);
  const data: CancellingSignIn = { eraseAt: open.eraseAt.toISOString(), revokeTicket };
  return new AppError(Code.ACCOUNT_CANCELLING, cancellingMessage(open.eraseAt), data);
}

async function ticketMember(ctx: AppContext, ticket: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(ticket, ctx.secrets.jwtKey, {
      issuer: ISSUER,
      audience: TICKET_AUDIENCE,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string') throw new Error('claims');
    return payload.sub;
  } catch {
    throw new AppError(Code.CANCELLATION_STATE, '撤销注销的凭证已过期，请重新登录');
  }
}

/**
 * 撤销注销: cancelling → active and the request REVOKED in one transaction, then a session as the
 * sign-in would have opened. A second click finds the member active and is told to sign in.
 */
export async function revokeCancellation(
  ctx: AppContext,
  ticket: string,
  openSession: (tx: DbOrTx, memberId: string) => Promise<TokenPair>,
): Promise<TokenPair> {
  const memberId = await ticketMember(ctx, ticket);
  return ctx.db.transaction(async (tx) => {
    const moved =
      canMoveMember('cancelling', 'active') && (await accountsRepo.switchMemberStatus(tx, memberId, 'cancelling', 'active'));
    if (!moved || !(await repo.revokeOpenCancellation(tx, memberId))) {
      throw new AppError(Code.CANCELLATION_STATE, '账号已不在注销中，请重新登录');
    }
    return openSession(tx, memberId);
  });
}

/** Members due for erasure (cooling-off over), oldest first. */
export function dueCancellations(db: DbOrTx, now: Date, limit: number) {
  return repo.dueCancellations(db, now, limit);
}

/** Claims a due erasure in the caller's transaction: true for exactly one caller. */
export function claimDueCancellation(tx: DbOrTx, memberId: string, now: Date) {
  return repo.claimDueCancellation(tx, memberId, now);
}

/**
 * The accounts module's part of an erasure, last (other modules' rows point at sessions): sessions,
 * password failures, the number's SMS codes and outbox messages, then the tombstone (cancelling →
 * cancelled with nothing personal). The username and mobile are free for anyone from here on.
 */
export async function eraseMember(tx: DbOrTx, memberId: string): Promise<boolean> {
  const member = await accountsRepo.findMemberById(tx, memberId);
  if (!member || !canMoveMember(member.status, 'cancelled')) return false;
  await repo.deleteAccountRows(tx, memberId, member.mobile);
  if (member.mobile) await forgetOutboxMessages(tx, member.mobile);
  return repo.tombstone(tx, memberId);
}

