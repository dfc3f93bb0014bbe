import crypto from 'node:crypto';
import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { keyedHash } from '../../lib/secrets.ts';
import type { SmsPurpose } from '../../db/schema/accounts.ts';
import * as repo from './accounts.repo.ts';
import { smsFailure } from '../../lib/sms/sms-provider.ts';
import type { ClientInfo } from './accounts.service.ts';

/**
 * The SMS codes of signed-out members (conventions): sign-in and sign-up ('login') and 忘记密码
 * ('resetPassword'). 6 digits from a secure source, 5 minutes, kept as a hash keyed by purpose,
 * single use, 5 wrong tries burn it; one send per number per SMS_RESEND_SECONDS (60) and 10 a day, and the caps per
 * visitor and IP, counted over both purposes together.
 */
const CODE_TTL_MS = 5 * 60_000;
const MAX_TRIES = 5;
const DAILY_PER_MOBILE = 10;

function codeHash(ctx: AppContext, purpose: SmsPurpose, mobile: string, code: string) {
  // The sign-in key stays as it was, so codes sent before this purpose existed still work.
  return keyedHash(ctx.secrets, purpose === 'login' ? 'sms' : `sms-${purpose}`, `${mobile}:${code}`);
}

/**
 * Issues a code under the number's limits. With `deliver` false the code is recorded (and counted)
 * but no message goes out: 忘记密码 for a number no member holds answers exactly as for one that is
 * held, so the form never tells whether a number is registered.
 */
export async function issueSmsCode(
  ctx: AppContext,
  mobile: string,
  purpose: SmsPurpose,
  client: ClientInfo,
  deliver = true,
): Promise<void> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const codeId = await ctx.db.transaction(async (tx) => {
    await repo.lockMobile(tx, mobile);
    const resendSeconds = ctx.config.SMS_RESEND_SECONDS;
    const counts = await repo.smsSendCounts(tx, { mobile, visitorId: client.visitorId, ip: client.ip, resendSeconds });
    if (counts.recent > 0 && counts.lastSentAt) {
      const wait = Math.max(1, Math.ceil((counts.lastSentAt.getTime() + resendSeconds * 1000 - Date.now()) / 1000));
      throw new AppError(Code.SMS_SEND_LIMIT, `验证码发送过于频繁，请 ${wait} 秒后再试`);
    }
    if (counts.mobileDay >= DAILY_PER_MOBILE) {
      throw new AppError(Code.SMS_SEND_LIMIT, '该手机号今日获取验证码次数已达上限，请明天再试');
    }
    if (
      (client.visitorId && counts.visitorDay >= ctx.config.SMS_DAILY_LIMIT_PER_VISITOR) ||
      (client.ip && counts.ipDay >= ctx.config.SMS_DAILY_LIMIT_PER_IP)
    ) {
      throw new AppError(Code.TOO_MANY_REQUESTS, '获取验证码过于频繁，请稍后再试');
    }
    return repo.insertSmsCode(tx, {
      mobile,
      purpose,
      codeHash: codeHash(ctx, purpose, mobile, code),
      visitorId: client.visitorId,
      ip: client.ip,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  if (!deliver) return;
  try {
    // One code signs in a known number and signs up a new one; the provider's templates may differ.
    const known = purpose === 'login' ? Boolean(await repo.findMemberByMobile(ctx.db, mobile)) : true;
    await ctx.sms.send(mobile, { purpose: known ? purpose : 'register', params: { code } });
  } catch (err) {
    // Nothing reached the phone: forget the code, so the buyer may ask again at once instead of
    // waiting out a resend interval for a message that never came.
    await repo.deleteSmsCode(ctx.db, codeId);
    ctx.log.error({ err: (err as Error).message, purpose }, 'sms send failed');
    throw smsFailure(err);
  }
}

/** Whether the number has a live code of this purpose, without using a try (a cheap first refusal). */
export async function hasLiveSmsCode(db: DbOrTx, mobile: string, purpose: SmsPurpose): Promise<boolean> {
  const stored = await repo.latestSmsCode(db, mobile, purpose);
  return Boolean(stored && !stored.usedAt && stored.expiresAt > new Date());
}

/**
 * In the caller's transaction, under the number's lock: uses up the code, or answers why not —
 * 108 when none is live (expired, used, burned), 103 when wrong (the try is counted; the caller
 * must commit, so it returns refusals instead of throwing them).
 */
export async function useSmsCode(
  ctx: AppContext,
  tx: DbOrTx,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
): Promise<number | null> {
  await repo.lockMobile(tx, mobile);
  const stored = await repo.latestSmsCode(tx, mobile, purpose);
  if (!stored || stored.usedAt || stored.expiresAt <= new Date()) return Code.SMS_CODE_EXPIRED;
  const expected = Buffer.from(stored.codeHash, 'hex');
  const given = Buffer.from(codeHash(ctx, purpose, mobile, code), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) {
    const attempts = stored.attempts + 1;
    await repo.updateSmsCode(tx, stored.id, { attempts, usedAt: attempts >= MAX_TRIES ? new Date() : undefined });
    return Code.WRONG_SMS_CODE;
  }
  await repo.updateSmsCode(tx, stored.id, { usedAt: new Date() });
  return null;
}
