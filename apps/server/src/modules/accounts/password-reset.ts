import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import * as repo from './accounts.repo.ts';
import type { ClientInfo } from './accounts.service.ts';
import { hasLiveSmsCode, issueSmsCode, useSmsCode } from './sms-codes.ts';
import { endMemberSessions } from './sessions-end.ts';

/**
 * 忘记密码: a code sent to the member's bound mobile sets a new password while signed out. The code
 * is counted under the sign-in codes' limits; the password follows the same rules as everywhere;
 * every session of the member ends with it (whoever learned the old password may hold one), and the
 * sign-in lockout of the account is lifted.
 */

/** Asks for a code. Answers the same whether or not a member holds the number (see issueSmsCode). */
export async function sendResetCode(ctx: AppContext, mobile: string, client: ClientInfo): Promise<void> {
  const member = await repo.findMemberByMobile(ctx.db, mobile);
  await issueSmsCode(ctx, mobile, 'resetPassword', client, Boolean(member));
}

export async function resetPassword(
  ctx: AppContext,
  input: { mobileNumber: string; code: string; newPassword: string },
): Promise<{ signedOutSessions: number }> {
  // Cheap refusals first, before the scrypt hash below; a weak password uses no try of the code.
  const weak = passwordProblem(input.newPassword);
  if (weak) throw new AppError(Code.WEAK_PASSWORD, weak);
  if (!(await hasLiveSmsCode(ctx.db, input.mobileNumber, 'resetPassword'))) throw new AppError(Code.SMS_CODE_EXPIRED);
  const passwordHash = await hashPassword(input.newPassword);

  type Outcome = { error: number } | { signedOutSessions: number; memberId: string };
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const refused = await useSmsCode(ctx, tx, input.mobileNumber, 'resetPassword', input.code);
    if (refused !== null) return { error: refused };
    const member = await repo.findMemberByMobile(tx, input.mobileNumber);
    // A right code for a number nobody holds cannot happen (none was sent); answer as for a wrong one.
    if (!member) return { error: Code.WRONG_SMS_CODE };
    if (member.status !== 'active') return { error: Code.MEMBER_DISABLED };
    await repo.updateMember(tx, member.id, { passwordHash });
    const signedOutSessions = await endMemberSessions(tx, member.id);
    return { signedOutSessions, memberId: member.id };
  });
  // Refusals are returned, not thrown, so the wrong-try count above is committed.
  if ('error' in outcome) throw new AppError(outcome.error);
  await repo.clearLoginFailures(ctx.db, `pw:member:${outcome.memberId}`);
  return { signedOutSessions: outcome.signedOutSessions };
}
