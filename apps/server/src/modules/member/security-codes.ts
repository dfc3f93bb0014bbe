import crypto from 'node:crypto';
import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { keyedHash } from '../../lib/secrets.ts';
import { smsFailure } from '../../lib/sms/sms-provider.ts';
import { lockSmsMobile, signInSmsCounts, type ClientInfo } from '../accounts/accounts.service.ts';
import * as repo from './security.repo.ts';
import type { SecurityPurpose } from './security.repo.ts';

/**
 * SMS codes of the member area, with the rules of the conventions (6 digits, 5 minutes, hash only,
 * single use, 5 wrong tries burn it, one send per number per SMS_RESEND_SECONDS (60) and 10 a day) counted together with
 * the sign-in codes of the same number, plus a cap per member. A code is bound to the member, the
 * number and the purpose: the hash covers all three, so a sign-in code (or one sent for another
 * purpose) never passes here, and one of these never signs anybody in.
 */
const CODE_TTL_MS = 5 * 60_000;
const MAX_TRIES = 5;
const DAILY_PER_MOBILE = 10;
const DAILY_PER_MEMBER = 20;

function codeHash(ctx: AppContext, memberId: string, purpose: SecurityPurpose, mobile: string, code: string) {
  return keyedHash(ctx.secrets, `member-sms:${purpose}`, `${memberId}:${mobile}:${code}`);
}

export async function sendSecurityCode(
  ctx: AppContext,
  memberId: string,
  purpose: SecurityPurpose,
  mobile: string,
  client: ClientInfo,
): Promise<void> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const codeId = await ctx.db.transaction(async (tx) => {
    // The sign-in module's lock of the number: its sends and ours are counted one at a time.
    await lockSmsMobile(tx, mobile);
    const resendSeconds = ctx.config.SMS_RESEND_SECONDS;
    const asked = { mobile, visitorId: client.visitorId, ip: client.ip, resendSeconds };
    const login = await signInSmsCounts(tx, asked);
    const own = await repo.securitySendCounts(tx, { ...asked, memberId });
    const lastSent = Math.max(login.lastSentAt?.getTime() ?? 0, own.lastSentAt?.getTime() ?? 0);
    if (login.recent + own.recent > 0 && lastSent > 0) {
      const wait = Math.max(1, Math.ceil((lastSent + resendSeconds * 1000 - Date.now()) / 1000));
      throw new AppError(Code.SMS_SEND_LIMIT, `验证码发送过于频繁，请 ${wait} 秒后再试`);
    }
    if (login.mobileDay + own.mobileDay >= DAILY_PER_MOBILE) {
      throw new AppError(Code.SMS_SEND_LIMIT, '该手机号今日获取验证码次数已达上限，请明天再试');
    }
    if (
      own.memberDay >= DAILY_PER_MEMBER ||
      (client.visitorId && login.visitorDay + own.visitorDay >= ctx.config.SMS_DAILY_LIMIT_PER_VISITOR) ||
      (client.ip && login.ipDay + own.ipDay >= ctx.config.SMS_DAILY_LIMIT_PER_IP)
    ) {
      throw new AppError(Code.TOO_MANY_REQUESTS, '获取验证码过于频繁，请稍后再试');
    }
    return repo.insertSecurityCode(tx, {
      memberId,
      mobile,
      purpose,
      codeHash: codeHash(ctx, memberId, purpose, mobile, code),
      visitorId: client.visitorId,
      ip: client.ip,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  try {
    await ctx.sms.send(mobile, { purpose, params: { code } });
  } catch (err) {
    await repo.deleteSecurityCode(ctx.db, codeId);
    ctx.log.error({ err: (err as Error).message, purpose }, 'security sms send failed');
    throw smsFailure(err);
  }
}

/**
 * Uses up the member's code for this purpose and number, or refuses: 108 when there is none live
 * (expired, used, burned), 103 when wrong. A wrong try is counted in its own transaction, so the
 * count holds whatever the caller does next.
 */
export async function consumeSecurityCode(
  ctx: AppContext,
  memberId: string,
  purpose: SecurityPurpose,
  mobile: string,
  code: string,
): Promise<void> {
  const error = await ctx.db.transaction(async (tx): Promise<number | null> => {
    await lockSmsMobile(tx, mobile);
    const stored = await repo.latestSecurityCode(tx, memberId, purpose, mobile);
    if (!stored || stored.usedAt || stored.expiresAt <= new Date()) return Code.SMS_CODE_EXPIRED;
    const expected = Buffer.from(stored.codeHash, 'hex');
    const given = Buffer.from(codeHash(ctx, memberId, purpose, mobile, code), 'hex');
    if (!crypto.timingSafeEqual(expected, given)) {
      const attempts = stored.attempts + 1;
      await repo.updateSecurityCode(tx, stored.id, { attempts, usedAt: attempts >= MAX_TRIES ? new Date() : undefined });
      return Code.WRONG_SMS_CODE;
    }
    await repo.updateSecurityCode(tx, stored.id, { usedAt: new Date() });
    return null;
  });
  if (error !== null) throw new AppError(error);
}
