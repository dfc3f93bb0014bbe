import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { activityReminders } from '../../db/schema/index.ts';

/**
 * 注销账号: 提醒我 reminders deleted. The 秒杀 holds stay: they count an activity's units by order and
 * hold nothing personal (the member row they point at is an empty tombstone).
 */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(activityReminders).where(eq(activityReminders.memberId, memberId));
}
