import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DistributionProgramme } from '@mall/shared';
import { commissions, distributors } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../lib/db.ts';

/** SQL of the commissions table (migration 0082). */

export type CommissionRow = typeof commissions.$inferSelect;
export type NewCommission = typeof commissions.$inferInsert;

/** A line's commission, once: a second payment notice of the same order inserts nothing. */
export async function insertCommission(tx: DbOrTx, values: NewCommission) {
  const [row] = await tx.insert(commissions).values(values).onConflictDoNothing().returning();
  return row;
}

export function lockForItem(tx: DbOrTx, orderItemId: string) {
  return tx
    .select()
    .from(commissions)
    .where(eq(commissions.orderItemId, orderItemId))
    .orderBy(asc(commissions.id))
    .for('update');
}

export async function recordRefund(tx: DbOrTx, id: number, refundedFen: number, reversedFen: number, status: string) {
  await tx
    .update(commissions)
    .set({ refundedFen, reversedFen, status, updatedAt: new Date() })
    .where(eq(commissions.id, id));
}

export async function setSettleAfter(tx: DbOrTx, orderId: string, programme: DistributionProgramme, at: Date) {
  await tx
    .update(commissions)
    .set({ settleAfter: at, updatedAt: new Date() })
    .where(
      and(eq(commissions.orderId, orderId), eq(commissions.programme, programme), eq(commissions.status, 'FROZEN')),
    );
}

/** Frozen commissions due by `now`, claimed so that two sweeps never settle one twice. */
export function claimDue(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.status, 'FROZEN'), lte(commissions.settleAfter, now)))
    .orderBy(asc(commissions.settleAfter), asc(commissions.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSettled(tx: DbOrTx, id: number) {
  const [row] = await tx
    .update(commissions)
    .set({ status: 'SETTLED', settledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(commissions.id, id), eq(commissions.status, 'FROZEN')))
    .returning();
  return row;
}

/** 推广: a member's settled direct sales and their team (members who joined with their code). */
export async function promoterStanding(db: DbOrTx, memberId: string) {
  return (await promoterStandings(db, [memberId])).get(memberId)!;
}

/** The same for many members at once (a page of a team): two grouped queries, whatever the count. */
export async function promoterStandings(db: DbOrTx, memberIds: string[]) {
  const ids = [...new Set(memberIds)];
  const out = new Map(ids.map((id) => [id, { settledSalesFen: 0, teamSize: 0 }]));
  if (!ids.length) return out;
  const sales = await db
    .select({
      id: commissions.earnerId,
      fen: sql<number>`sum(${commissions.paidFen} - ${commissions.refundedFen})::bigint`,
    })
    .from(commissions)
    .where(
      and(
        inArray(commissions.earnerId, ids),
        eq(commissions.programme, 'PROMOTER'),
        eq(commissions.tier, 'DIRECT'),
        eq(commissions.status, 'SETTLED'),
      ),
    )
    .groupBy(commissions.earnerId);
  const teams = await db
    .select({ id: distributors.inviterId, n: sql<number>`count(*)::int` })
    .from(distributors)
    .where(and(eq(distributors.programme, 'PROMOTER'), inArray(distributors.inviterId, ids)))
    .groupBy(distributors.inviterId);
  for (const s of sales) out.get(s.id)!.settledSalesFen = Number(s.fen);
  for (const t of teams) if (t.id) out.get(t.id)!.teamSize = t.n;
  return out;
}

export interface CommissionFilter {
  earnerId: string;
  programme: DistributionProgramme;
  status?: string;
  from?: Date;
  to?: Date;
}

function where(f: CommissionFilter): SQL {
  const parts: SQL[] = [eq(commissions.earnerId, f.earnerId), eq(commissions.programme, f.programme)];
  if (f.status) parts.push(eq(commissions.status, f.status));
  if (f.from) parts.push(sql`${commissions.createdAt} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`${commissions.createdAt} < ${f.to.toISOString()}::timestamptz`);
  return and(...parts)!;
}

/** A page of the orders that earned a member commission (newest first), with all their lines. */
export async function orderPage(db: DbOrTx, f: CommissionFilter, pageNum: number, pageSize: number) {
  const orders = await db
    .select({ orderId: commissions.orderId, latest: sql<Date>`max(${commissions.createdAt})` })
    .from(commissions)
    .where(where(f))
    .groupBy(commissions.orderId)
    .orderBy(desc(sql`max(${commissions.createdAt})`))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(DISTINCT ${commissions.orderId})::int` })
    .from(commissions)
    .where(where(f));
  const ids = orders.map((o) => o.orderId);
  const lines = ids.length
    ? await db
        .select()
        .from(commissions)
        .where(
          and(
            eq(commissions.earnerId, f.earnerId),
            eq(commissions.programme, f.programme),
            inArray(commissions.orderId, ids),
          ),
        )
        .orderBy(asc(commissions.id))
    : [];
  return { orderIds: ids, lines, total: total?.n ?? 0 };
}

export function ofOrderFor(db: DbOrTx, earnerId: string, programme: DistributionProgramme, orderNo: string) {
  return db
    .select()
    .from(commissions)
    .where(
      and(eq(commissions.earnerId, earnerId), eq(commissions.programme, programme), eq(commissions.orderNo, orderNo)),
    )
    .orderBy(asc(commissions.id));
}
