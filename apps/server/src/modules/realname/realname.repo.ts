import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { memberRealNames } from '../../db/schema/index.ts';

export type RealNameRow = typeof memberRealNames.$inferSelect;

/** Serialises a member's real-name changes (count, duplicate and default checks) until the transaction ends. */
export async function lockMemberRealNames(db: DbOrTx, memberId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'realname:' + memberId}))`);
}

export async function listForMember(db: DbOrTx, memberId: string): Promise<RealNameRow[]> {
  return db
    .select()
    .from(memberRealNames)
    .where(eq(memberRealNames.memberId, memberId))
    .orderBy(desc(memberRealNames.isDefault), asc(memberRealNames.createdAt));
}

export async function countForMember(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberRealNames).where(eq(memberRealNames.memberId, memberId));
  return Number(row?.n ?? 0);
}

/** A record only when it belongs to the member. */
export async function findOwned(db: DbOrTx, memberId: string, id: string): Promise<RealNameRow | undefined> {
  const [row] = await db
    .select()
    .from(memberRealNames)
    .where(and(eq(memberRealNames.id, id), eq(memberRealNames.memberId, memberId)));
  return row;
}

/** Another of the member's records with the same number, if any. */
export async function findDuplicate(db: DbOrTx, memberId: string, idHash: string, exceptId?: string) {
  const [row] = await db
    .select({ id: memberRealNames.id })
    .from(memberRealNames)
    .where(
      and(
        eq(memberRealNames.memberId, memberId),
        eq(memberRealNames.idHash, idHash),
        exceptId ? ne(memberRealNames.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function insertRealName(db: DbOrTx, values: typeof memberRealNames.$inferInsert): Promise<RealNameRow> {
  const [row] = await db.insert(memberRealNames).values(values).returning();
  return row!;
}

export async function updateRealName(
  db: DbOrTx,
  memberId: string,
  id: string,
  values: Partial<Pick<RealNameRow, 'name' | 'idCipher' | 'idHash' | 'idMasked' | 'isDefault'>>,
) {
  const [row] = await db
    .update(memberRealNames)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(memberRealNames.id, id), eq(memberRealNames.memberId, memberId)))
    .returning();
  return row;
}

export async function clearDefault(db: DbOrTx, memberId: string) {
  await db
    .update(memberRealNames)
    .set({ isDefault: false })
    .where(and(eq(memberRealNames.memberId, memberId), eq(memberRealNames.isDefault, true)));
}

export async function deleteRealName(db: DbOrTx, memberId: string, id: string) {
  const deleted = await db
    .delete(memberRealNames)
    .where(and(eq(memberRealNames.id, id), eq(memberRealNames.memberId, memberId)))
    .returning({ id: memberRealNames.id, isDefault: memberRealNames.isDefault });
  return deleted[0];
}

/** The member's oldest remaining record, which becomes the default when the default is deleted. */
export async function oldestForMember(db: DbOrTx, memberId: string) {
  const [row] = await db
    .select({ id: memberRealNames.id })
    .from(memberRealNames)
    .where(eq(memberRealNames.memberId, memberId))
    .orderBy(asc(memberRealNames.createdAt))
    .limit(1);
  return row;
}
