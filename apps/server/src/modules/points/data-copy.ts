import { asc, eq } from 'drizzle-orm';
import { POINTS_REASONS } from '@mall/shared';
import { pointsLedger } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

/** The member's points ledger for their own data copy, oldest first. */
export async function exportFor(ctx: AppContext, memberId: string) {
  const list = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.memberId, memberId)).orderBy(asc(pointsLedger.id));
  return list.map((p) => ({
    amount: p.amount,
    balanceAfter: p.balanceAfter,
    reason: p.reason,
    reasonText: POINTS_REASONS[p.reason as keyof typeof POINTS_REASONS] ?? p.reason,
    orderNo: p.orderNo,
    note: p.note,
    createdAt: p.createdAt.toISOString(),
  }));
}
