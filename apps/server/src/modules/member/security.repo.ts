import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { memberReauthTickets, memberSecurityCodes } from '../../db/schema/index.ts';

export type SecurityPurpose = 'changePassword' | 'verifyMobile' | 'bindMobile' | 'cancelAccount';

/** Sends of the last 24 hours that the member area counts against a number, visitor, IP and member. */
export async function securitySendCounts(
  db: DbOrTx,
  q: { mobile: string; memberId: string; visitorId: string | null; ip: string | null; resendSeconds: number },
) {
  const c = memberSecurityCodes;
  const [row] = await db
    .select({
      recent: sql<number>`count(*) FILTER (WHERE ${c.mobile} = ${q.mobile} AND ${c.createdAt} > now() - make_interval(secs => ${q.resendSeconds}))`,
      mobileDay: sql<number>`count(*) FILTER (WHERE ${c.mobile} = ${q.mobile})`,
      memberDay: sql<number>`count(*) FILTER (WHERE ${c.memberId} = ${q.memberId})`,
      visitorDay: sql<number>`count(*) FILTER (WHERE ${c.visitorId} = ${q.visitorId})`,
      ipDay: sql<number>`count(*) FILTER (WHERE ${c.ip} = ${q.ip})`,
      lastSentAt: sql<string | null>`max(${c.createdAt}) FILTER (WHERE ${c.mobile} = ${q.mobile})`,
    })
    .from(c)
    .where(sql`${c.createdAt} > now() - interval '24 hours'`);
  return {
    recent: Number(row?.recent ?? 0),
    mobileDay: Number(row?.mobileDay ?? 0),
    memberDay: Number(row?.memberDay ?? 0),
    visitorDay: Number(row?.visitorDay ?? 0),
    ipDay: Number(row?.ipDay ?? 0),
    lastSentAt: row?.lastSentAt ? new Date(row.lastSentAt) : null,
  };
}

/** Stores a new code and retires the member's earlier unused codes of the same purpose and number. */
export async function insertSecurityCode(db: DbOrTx, values: typeof memberSecurityCodes.$inferInsert) {
  const c = memberSecurityCodes;
  await db
    .update(c)
    .set({ usedAt: new Date() })
    .where(and(eq(c.memberId, values.memberId), eq(c.purpose, values.purpose), eq(c.mobile, values.mobile), isNull(c.usedAt)));
  const [row] = await db.insert(c).values(values).returning({ id: c.id });
  return row!.id;
}

export async function latestSecurityCode(db: DbOrTx, memberId: string, purpose: SecurityPurpose, mobile: string) {
  const c = memberSecurityCodes;
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.memberId, memberId), eq(c.purpose, purpose), eq(c.mobile, mobile)))
    .orderBy(desc(c.createdAt))
    .limit(1);
  return row;
}

export async function updateSecurityCode(db: DbOrTx, id: string, values: { attempts?: number; usedAt?: Date }) {
  await db.update(memberSecurityCodes).set(values).where(eq(memberSecurityCodes.id, id));
}

export async function deleteSecurityCode(db: DbOrTx, id: string) {
  await db.delete(memberSecurityCodes).where(eq(memberSecurityCodes.id, id));
}

// ---- re-authentication tickets ----

export async function insertTicket(db: DbOrTx, values: typeof memberReauthTickets.$inferInsert) {
  await db.insert(memberReauthTickets).values(values);
}

/** A live ticket of this member and session. */
export async function findLiveTicket(db: DbOrTx, ticketHash: string, memberId: string, sessionId: string) {
  const t = memberReauthTickets;
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(eq(t.ticketHash, ticketHash), eq(t.memberId, memberId), eq(t.sessionId, sessionId), isNull(t.usedAt), gt(t.expiresAt, new Date())),
    );
  return row;
}

/** Uses a live ticket up; false when it was already used, expired or not this session's. */
export async function useTicket(db: DbOrTx, ticketHash: string, memberId: string, sessionId: string): Promise<boolean> {
  const t = memberReauthTickets;
  const used = await db
    .update(t)
    .set({ usedAt: new Date() })
    .where(
      and(eq(t.ticketHash, ticketHash), eq(t.memberId, memberId), eq(t.sessionId, sessionId), isNull(t.usedAt), gt(t.expiresAt, new Date())),
    )
    .returning({ id: t.id });
  return used.length > 0;
}
