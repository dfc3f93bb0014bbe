import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { Code, type ActivityReminders } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { rows } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { intId } from '../../lib/validation.ts';
import { currentMember } from '../accounts/accounts.service.ts';
import { getSetting } from '../site/site.service.ts';
import { marketingWithdrawn, mayReceiveMarketing } from './marketing-consent.ts';
import { ACTIVITY_KIND_NAMES } from './activity-rules.ts';
import type { ActivityKind } from '@mall/shared';
import { smsText, type SmsMessage } from '../../lib/sms/sms-messages.ts';

/**
 * 提醒我: a member asks for an SMS a few minutes before an upcoming activity SKU starts
 * (站点设置 remindMinutesBefore, default 5). One row per member and activity SKU, so asking twice
 * changes nothing; the sweeper sends each row once: a conditional update PENDING → SENT claims it
 * before the message goes out (two sweeps at once cannot both claim it), and a send that fails is
 * marked FAILED with the reason rather than tried again on every sweep. A cancelled activity's
 * reminders are never sent (only scheduled activities are swept). A reminder is a marketing message:
 * a member who withdrew consent (账户安全 › 营销消息) cannot set one, and one set before is not sent.
 */

export const remindBody = z.object({ activityId: intId('活动'), skuId: intId('商品规格') }, { error: '请求参数格式不正确' });
export const myRemindersQuery = z.object({ activityId: intId('活动') });

interface Target {
  title: string;
  kind: ActivityKind;
  status: string;
  starts_at: Date | string;
  ends_at: Date | string;
}

const at = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** 10:00 in Shanghai time. */
export function shanghaiHm(v: Date): string {
  return new Date(v.getTime() + 8 * 3_600_000).toISOString().slice(11, 16);
}

/** The message a member gets: the shop's name, the activity, and when it starts (or started, when the sweep came late). */
export function reminderMessage(siteName: string, a: { title: string; kind: ActivityKind; startsAt: Date }, now: Date): SmsMessage {
  return {
    purpose: 'activityReminder',
    params: { kind: ACTIVITY_KIND_NAMES[a.kind], title: a.title, time: shanghaiHm(a.startsAt) },
    siteName,
    started: a.startsAt <= now,
  };
}

/** Its text, as the outbox keeps it. */
export function reminderText(siteName: string, a: { title: string; kind: ActivityKind; startsAt: Date }, now: Date): string {
  return smsText(reminderMessage(siteName, a, now));
}

/** Sets 提醒我 for an activity SKU that has not started yet; a second time answers the same. */
export async function remind(ctx: AppContext, memberId: string, q: { activityId: number; skuId: number }, now = new Date()) {
  const [target] = await rows<Target>(
    ctx.db,
    sql`SELECT a.title, a.kind, a.status, a.starts_at, a.ends_at
          FROM activity_skus s JOIN activities a ON a.id = s.activity_id
         WHERE s.activity_id = ${q.activityId} AND s.sku_id = ${q.skuId} AND a.status IN ('SCHEDULED', 'ENDED')`,
  );
  if (!target) throw notFound('活动商品不存在或活动已取消');
  if (target.status !== 'SCHEDULED' || at(target.ends_at) <= now) throw new AppError(Code.ACTIVITY_STATE, '活动已结束，不能设置提醒');
  if (at(target.starts_at) <= now) throw new AppError(Code.ACTIVITY_STATE, '活动已开始，无需提醒，快去抢购吧');
  if (!(await mayReceiveMarketing(ctx.db, memberId))) throw new AppError(Code.MARKETING_CONSENT_OFF);
  await ctx.db.execute(
    sql`INSERT INTO activity_reminders (activity_id, sku_id, member_id) VALUES (${q.activityId}, ${q.skuId}, ${memberId})
        ON CONFLICT (member_id, activity_id, sku_id) DO NOTHING`,
  );
  const minutes = await getSetting(ctx, 'remindMinutesBefore');
  return { reminded: true, minutesBefore: minutes };
}

/** Takes 提醒我 back while it has not been sent; nothing to take back answers the same. */
export async function cancelRemind(ctx: AppContext, memberId: string, q: { activityId: number; skuId: number }) {
  await ctx.db.execute(
    sql`DELETE FROM activity_reminders
         WHERE member_id = ${memberId} AND activity_id = ${q.activityId} AND sku_id = ${q.skuId} AND status = 'PENDING'`,
  );
  return { reminded: false };
}

/** The SKUs of an activity the member asked to be reminded of (sent or not), with the server's time. */
export async function myReminders(ctx: AppContext, memberId: string, activityId: number, now = new Date()): Promise<ActivityReminders> {
  const list = await rows<{ sku_id: number }>(
    ctx.db,
    sql`SELECT sku_id FROM activity_reminders WHERE member_id = ${memberId} AND activity_id = ${activityId} ORDER BY sku_id`,
  );
  return {
    activityId,
    skuIds: list.map((r) => r.sku_id),
    minutesBefore: await getSetting(ctx, 'remindMinutesBefore'),
    marketingConsent: await mayReceiveMarketing(ctx.db, memberId),
    now: now.toISOString(),
  };
}

interface Claimed {
  id: number;
  member_id: string;
  title: string;
  kind: ActivityKind;
  starts_at: Date | string;
}

async function markFailed(ctx: AppContext, id: number, why: string) {
  await ctx.db.execute(sql`UPDATE activity_reminders SET status = 'FAILED', failure = ${why.slice(0, 200)} WHERE id = ${id} AND status = 'SENT'`);
}

/**
 * The sweeper's part: claims the reminders of scheduled activities starting within
 * remindMinutesBefore (and not over yet) by PENDING → SENT, then sends each claimed one. Returns how
 * many went out.
 */
export async function sendDueReminders(ctx: AppContext, now = new Date(), batch = 100): Promise<number> {
  const minutes = await getSetting(ctx, 'remindMinutesBefore');
  const horizon = new Date(now.getTime() + minutes * 60_000).toISOString();
  let sent = 0;
  let siteName: string | undefined;
  for (;;) {
    const claimed = await rows<Claimed>(
      ctx.db,
      sql`UPDATE activity_reminders r SET status = 'SENT', sent_at = ${now.toISOString()}::timestamptz
            FROM activities a
           WHERE a.id = r.activity_id AND r.status = 'PENDING'
             AND r.id IN (SELECT r2.id FROM activity_reminders r2 JOIN activities a2 ON a2.id = r2.activity_id
                           WHERE r2.status = 'PENDING' AND a2.status = 'SCHEDULED'
                             AND a2.starts_at <= ${horizon}::timestamptz AND a2.ends_at > ${now.toISOString()}::timestamptz
                           ORDER BY r2.id LIMIT ${batch} FOR UPDATE OF r2 SKIP LOCKED)
       RETURNING r.id, r.member_id, a.title, a.kind, a.starts_at`,
    );
    if (claimed.length) siteName ??= await getSetting(ctx, 'siteName');
    const withdrawn = await marketingWithdrawn(ctx.db, [...new Set(claimed.map((r) => r.member_id))]);
    for (const r of claimed) {
      try {
        if (withdrawn.has(r.member_id)) {
          await markFailed(ctx, r.id, '会员已关闭营销消息');
          continue;
        }
        const member = await currentMember(ctx, r.member_id);
        if (member.status !== 'active') {
          await markFailed(ctx, r.id, '会员已停用');
          continue;
        }
        if (!member.mobile) {
          await markFailed(ctx, r.id, '会员未绑定手机号');
          continue;
        }
        await ctx.sms.send(member.mobile, reminderMessage(siteName!, { title: r.title, kind: r.kind, startsAt: at(r.starts_at) }, now));
        sent += 1;
      } catch (err) {
        ctx.log.error({ err: (err as Error).message, reminderId: r.id }, 'activity reminder send failed');
        await markFailed(ctx, r.id, (err as Error).message || '发送失败');
      }
    }
    if (claimed.length < batch) return sent;
  }
}
