import { asc, eq, inArray } from 'drizzle-orm';
import { orderStatusName } from '@mall/shared';
import { orderItems, orders } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The member's orders with their lines for their own data copy, deleted ones included (deleting hides
 * an order from 我的订单, the shop still keeps it). Amounts in fen; operators' notes are not the member's.
 */
export async function exportFor(ctx: AppContext, memberId: string) {
  const list = await ctx.db.select().from(orders).where(eq(orders.memberId, memberId)).orderBy(asc(orders.createdAt));
  const lines = list.length
    ? await ctx.db.select().from(orderItems).where(inArray(orderItems.orderId, list.map((o) => o.id))).orderBy(asc(orderItems.id))
    : [];
  return list.map((o) => ({
    orderNo: o.orderNo,
    status: o.status,
    statusText: orderStatusName(o.status),
    goodsAmountFen: o.goodsAmount,
    activityDiscountFen: o.activityDiscount,
    couponDiscountFen: o.couponDiscount,
    pointsDiscountFen: o.pointsDiscount,
    freightFen: o.freight,
    payableAmountFen: o.payableAmount,
    paidAmountFen: o.paidAmount,
    paymentMethod: o.paymentMethod,
    address: o.address,
    realName: o.realName,
    remark: o.remark,
    logisticsCompany: o.logisticsCompany,
    trackingNo: o.trackingNo,
    cancelReason: o.cancelReason,
    deletedByBuyer: o.deletedByBuyer,
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        goodsId: l.goodsId,
        skuId: l.skuId,
        name: l.name,
        specText: l.specText,
        unitPriceFen: l.unitPrice,
        quantity: l.quantity,
        goodsAmountFen: l.goodsAmount,
        discountAmountFen: l.discountAmount,
        paidShareFen: l.paidShare,
        refundedQuantity: l.refundedQuantity,
        refundedAmountFen: l.refundedAmount,
      })),
  }));
}
