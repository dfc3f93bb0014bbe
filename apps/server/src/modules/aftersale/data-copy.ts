import { asc, eq } from 'drizzle-orm';
import { afterSaleStatusName } from '@mall/shared';
import { afterSales } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

/** The member's after-sale requests for their own data copy (amounts in fen). */
export async function exportFor(ctx: AppContext, memberId: string) {
  const list = await ctx.db.select().from(afterSales).where(eq(afterSales.memberId, memberId)).orderBy(asc(afterSales.createdAt));
  return list.map((a) => ({
    afterSaleNo: a.afterSaleNo,
    orderNo: a.orderNo,
    goodsName: a.goodsName,
    specText: a.specText,
    type: a.type,
    status: a.status,
    statusText: afterSaleStatusName(a.status),
    reason: a.reason,
    description: a.description,
    quantity: a.quantity,
    refundAmountFen: a.refundAmount,
    rejectReason: a.rejectReason,
    returnCompany: a.returnCompany,
    returnTrackingNo: a.returnTrackingNo,
    createdAt: a.createdAt.toISOString(),
  }));
}
