import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { memberConsents, memberDataCopies } from '../../db/schema/index.ts';

export type ConsentPurpose = 'marketing';
export type ConsentSource = 'member' | 'demo';
export type ConsentRow = typeof memberConsents.$inferSelect;
export type DataCopyRow = typeof memberDataCopies.$inferSelect;

/** A member's consent changes for a purpose, newest first. */
export function consentRecords(db: DbOrTx, memberId: string, purpose: ConsentPurpose, limit: number) {
  return db
    .select()
    .from(memberConsents)
    .where(and(eq(memberConsents.memberId, memberId), eq(memberConsents.purpose, purpose)))
    .orderBy(desc(memberConsents.id))
    .limit(limit);
}

export async function recordConsent(
  db: DbOrTx,
  r: { memberId: string; purpose: ConsentPurpose; granted: boolean; source: ConsentSource; ip: string | null },
) {
  const [row] = await db.insert(memberConsents).values(r).returning();
  return row!;
}

/** Of `memberIds`, those whose newest change for `purpose` is a withdrawal. */
export async function withdrawnAmong(db: DbOrTx, memberIds: string[], purpose: ConsentPurpose): Promise<Set<string>> {
  if (!memberIds.length) return new Set();
  const newest = await db
    .selectDistinctOn([memberConsents.memberId], { memberId: memberConsents.memberId, granted: memberConsents.granted })
    .from(memberConsents)
    .where(and(inArray(memberConsents.memberId, memberIds), eq(memberConsents.purpose, purpose)))
    .orderBy(memberConsents.memberId, desc(memberConsents.id));
  return new Set(newest.filter((r) => !r.granted).map((r) => r.memberId));
}

/** Every consent change of a member, oldest first (the data copy). */
export function allConsents(db: DbOrTx, memberId: string) {
  return db.select().from(memberConsents).where(eq(memberConsents.memberId, memberId)).orderBy(memberConsents.id);
}

export function dataCopiesSince(db: DbOrTx, memberId: string, since: Date) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(memberDataCopies)
    .where(and(eq(memberDataCopies.memberId, memberId), gte(memberDataCopies.createdAt, since)));
}

export async function insertDataCopy(db: DbOrTx, r: { id: string; memberId: string; ip: string | null; expiresAt: Date }) {
  const [row] = await db.insert(memberDataCopies).values(r).returning();
  return row!;
}

export function recentDataCopies(db: DbOrTx, memberId: string, limit: number) {
  return db
    .select()
    .from(memberDataCopies)
    .where(eq(memberDataCopies.memberId, memberId))
    .orderBy(desc(memberDataCopies.createdAt))
    .limit(limit);
}

/**
 * Marks one file of a copy downloaded, if it is the member's, not downloaded yet and not expired: the
 * conditional update is what makes a link work once, even for two requests at the same moment.
 */
export async function claimDataCopyFile(db: DbOrTx, memberId: string, id: string, kind: 'json' | 'csv', now: Date) {
  const column = kind === 'json' ? memberDataCopies.jsonDownloadedAt : memberDataCopies.csvDownloadedAt;
  const claimed = await db
    .update(memberDataCopies)
    .set(kind === 'json' ? { jsonDownloadedAt: now } : { csvDownloadedAt: now })
    .where(
      and(
        eq(memberDataCopies.id, id),
        eq(memberDataCopies.memberId, memberId),
        isNull(column),
        sql`${memberDataCopies.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ createdAt: memberDataCopies.createdAt });
  return claimed[0]?.createdAt ?? null;
}

/** Every copy a member asked for, oldest first (the data copy lists them too). */
export function allDataCopies(db: DbOrTx, memberId: string) {
  return db.select().from(memberDataCopies).where(eq(memberDataCopies.memberId, memberId)).orderBy(memberDataCopies.createdAt);
}
