import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DistributionProgramme } from '@mall/shared';
import { withdrawals } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../lib/db.ts';

/** SQL of the withdrawals table (migration 0083). */

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function insertWithdrawal(tx: DbOrTx, values: typeof withdrawals.$inferInsert) {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

export async function findWithdrawal(db: DbOrTx, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

/** PENDING → PAID or REJECTED, once: a second click or a race changes nothing twice. */
export async function decideWithdrawal(
  tx: DbOrTx,
  id: number,
  to: 'PAID' | 'REJECTED',
  by: string,
  detail: { payoutRef?: string; rejectReason?: string },
) {
  const [row] = await tx
    .update(withdrawals)
    .set({
      status: to,
      payoutRef: detail.payoutRef ?? null,
      rejectReason: detail.rejectReason ?? null,
      reviewedBy: by,
      reviewedAt: new Date(),
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'PENDING')))
    .returning();
  return row;
}

export async function pageWithdrawals(
  db: DbOrTx,
  f: { memberId?: string; programme?: DistributionProgramme; status?: string },
  pageNum: number,
  pageSize: number,
) {
  const parts: SQL[] = [];
  if (f.memberId) parts.push(eq(withdrawals.memberId, f.memberId));
  if (f.programme) parts.push(eq(withdrawals.programme, f.programme));
  if (f.status) parts.push(eq(withdrawals.status, f.status));
  const where = parts.length ? and(...parts) : undefined;
  const list = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  return { list, total: total?.n ?? 0 };
}
