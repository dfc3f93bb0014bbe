import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { refunds } from '../../db/schema/index.ts';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Claims the refund of an after-sale request. The unique after_sale_id makes one row per request;
 * the caller that inserts it, or that moves a FAILED one back to PENDING, is the one that calls the
 * provider. Anyone else gets the row and claimed = false.
 */
export async function claimRefund(
  db: DbOrTx,
  v: { refundNo: string; afterSaleId: string; orderId: string; orderNo: string; provider: string; amount: number },
): Promise<{ refund: RefundRow; claimed: boolean }> {
  const [inserted] = await db
    .insert(refunds)
    .values({ ...v, status: 'PENDING' })
    .onConflictDoNothing({ target: refunds.afterSaleId })
    .returning();
  if (inserted) return { refund: inserted, claimed: true };
  const [retried] = await db
    .update(refunds)
    .set({ status: 'PENDING', error: null })
    .where(and(eq(refunds.afterSaleId, v.afterSaleId), eq(refunds.status, 'FAILED')))
    .returning();
  if (retried) return { refund: retried, claimed: true };
  const [existing] = await db.select().from(refunds).where(eq(refunds.afterSaleId, v.afterSaleId));
  return { refund: existing!, claimed: false };
}

export async function markRefund(
  db: DbOrTx,
  id: string,
  result: { ok: true; providerRef: string } | { ok: false; error: string },
) {
  const [row] = await db
    .update(refunds)
    .set(
      result.ok
        ? { status: 'SUCCESS', providerRef: result.providerRef, finishedAt: sql`now()` as unknown as Date }
        : { status: 'FAILED', error: result.error.slice(0, 200) },
    )
    .where(and(eq(refunds.id, id), eq(refunds.status, 'PENDING')))
    .returning();
  return row;
}

/**
 * The provider says the money of a refund it had accepted did not go back (WeChat Pay's ABNORMAL or
 * CLOSED): NOT_RETURNED with why, once; a refund not (or no longer) recorded as done is left alone.
 */
export async function markNotReturned(db: DbOrTx, v: { refundNo: string; provider: string; error: string }) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'NOT_RETURNED', error: v.error.slice(0, 200) })
    .where(and(eq(refunds.refundNo, v.refundNo), eq(refunds.provider, v.provider), eq(refunds.status, 'SUCCESS')))
    .returning();
  return row;
}

export async function refundOfAfterSale(db: DbOrTx, afterSaleId: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.afterSaleId, afterSaleId));
  return row;
}

export async function refundedTotal(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'SUCCESS')));
  return Number(row?.total ?? 0);
}
