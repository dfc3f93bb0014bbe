import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { loginFailures, memberCancellations, memberSessions, members, smsCodes } from '../../db/schema/index.ts';

/** SQL of the accounts module's 注销账号 rows and of erasing a member's own account rows. */

export async function insertCancellation(db: DbOrTx, memberId: string, eraseAt: Date) {
  const [row] = await db.insert(memberCancellations).values({ memberId, status: 'COOLING_OFF', eraseAt }).returning();
  return row!;
}

export async function openCancellation(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select()
    .from(memberCancellations)
    .where(and(eq(memberCancellations.memberId, memberId), eq(memberCancellations.status, 'COOLING_OFF')));
  return row;
}

/** COOLING_OFF → REVOKED, once. */
export async function revokeOpenCancellation(db: DbOrTx, memberId: string): Promise<boolean> {
  const rows = await db
    .update(memberCancellations)
    .set({ status: 'REVOKED', revokedAt: new Date() })
    .where(and(eq(memberCancellations.memberId, memberId), eq(memberCancellations.status, 'COOLING_OFF')))
    .returning({ id: memberCancellations.id });
  return rows.length > 0;
}

/** Members whose cooling-off is over, oldest first. */
export async function dueCancellations(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ memberId: memberCancellations.memberId })
    .from(memberCancellations)
    .where(and(eq(memberCancellations.status, 'COOLING_OFF'), lte(memberCancellations.eraseAt, now)))
    .orderBy(asc(memberCancellations.eraseAt))
    .limit(limit);
  return rows.map((r) => r.memberId);
}

/** COOLING_OFF → ERASED when due: true for exactly one caller however many sweepers ask. */
export async function claimDueCancellation(db: DbOrTx, memberId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(memberCancellations)
    .set({ status: 'ERASED', erasedAt: now })
    .where(
      and(
        eq(memberCancellations.memberId, memberId),
        eq(memberCancellations.status, 'COOLING_OFF'),
        lte(memberCancellations.eraseAt, now),
      ),
    )
    .returning({ id: memberCancellations.id });
  return rows.length > 0;
}

/** The member's own sign-in rows: sessions, password failures, SMS codes of the number. */
export async function deleteAccountRows(db: DbOrTx, memberId: string, mobile: string | null) {
  await db.delete(memberSessions).where(eq(memberSessions.memberId, memberId));
  await db
    .delete(loginFailures)
    .where(inArray(loginFailures.loginKey, [`pw:member:${memberId}`, `security:member:${memberId}`]));
  if (mobile) await db.delete(smsCodes).where(eq(smsCodes.mobile, mobile));
}

/**
 * The tombstone: status cancelled and nothing personal left (the database refuses a cancelled row that
 * keeps any of it). Only from cancelling, so a second erasure changes nothing.
 */
export async function tombstone(db: DbOrTx, memberId: string): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({
      status: 'cancelled',
      username: null,
      mobile: null,
      passwordHash: null,
      nickname: null,
      avatar: null,
      gender: 'unknown',
      birthday: null,
      invitationCode: null,
      roles: sql`'{}'::text[]`,
      updatedAt: new Date(),
    })
    .where(and(eq(members.id, memberId), eq(members.status, 'cancelling')))
    .returning({ id: members.id });
  return rows.length > 0;
}

/** The member's latest request, whatever became of it (the console's 会员详情). */
export async function latestCancellation(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select()
    .from(memberCancellations)
    .where(eq(memberCancellations.memberId, memberId))
    .orderBy(desc(memberCancellations.requestedAt))
    .limit(1);
  return row;
}
