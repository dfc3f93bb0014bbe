import { and, eq } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { nextStatus } from './order-states.ts';
import { recordEvent } from './orders.repo.ts';

/* ---- The door the payments/after-sales domain uses (trade contract). ---- */

export interface OrderForPayment {
  id: string;
  orderNo: string;
  memberId: string;
  status: string;
  payableAmount: number;
  payDeadline: Date;
}

export async function findOrderForPayment(db: DbOrTx, orderNo: string): Promise<OrderForPayment | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      memberId: orders.memberId,
      status: orders.status,
      payableAmount: orders.payableAmount,
      payDeadline: orders.payDeadline,
    })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  return row;
}

/**
 * Marks an unpaid order paid. One conditional UPDATE: only the call that finds the order still
 * 待付款 with exactly this payable amount changes it, so duplicate or concurrent notifications
 * mark it paid once. Returns true only for that call.
 */
export async function markOrderPaid(
  tx: DbOrTx,
  p: { orderId: string; amountFen: number; paymentMethod: string },
): Promise<boolean> {
  const to = nextStatus('pay', 'PENDING_PAYMENT');
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ status: to, paidAmount: p.amountFen, paidAt: now, paymentMethod: p.paymentMethod, updatedAt: now })
    .where(and(eq(orders.id, p.orderId), eq(orders.status, 'PENDING_PAYMENT'), eq(orders.payableAmount, p.amountFen)))
    .returning({ id: orders.id });
  if (!row) return false;
  await recordEvent(tx, {
    orderId: row.id,
    type: 'pay',
    fromStatus: 'PENDING_PAYMENT',
    toStatus: to,
    actor: 'payment',
    note: `支付成功（${p.paymentMethod}）`,
  });
  return true;
}

export interface OrderItemForAfterSale {
  id: string;
  orderId: string;
  orderNo: string;
  memberId: string;
  goodsId: number;
  skuId: number;
  name: string;
  image: string | null;
  specText: string;
  unitPrice: number;
  quantity: number;
  goodsAmount: number;
  discountAmount: number;
  /** The refundable cap of this line (its share of what was paid, freight included). */
  paidShare: number;
  orderStatus: string;
  paidAt: Date | null;
  completedAt: Date | null;
}

/** An order line of this member with its order's state; another member's line → undefined. */
export async function findOrderItemForAfterSale(
  db: DbOrTx,
  memberId: string,
  orderItemId: string,
): Promise<OrderItemForAfterSale | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderItemId)) return undefined;
  const [row] = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      orderNo: orders.orderNo,
      memberId: orders.memberId,
      goodsId: orderItems.goodsId,
      skuId: orderItems.skuId,
      name: orderItems.name,
      image: orderItems.image,
      specText: orderItems.specText,
      unitPrice: orderItems.unitPrice,
      quantity: orderItems.quantity,
      goodsAmount: orderItems.goodsAmount,
      discountAmount: orderItems.discountAmount,
      paidShare: orderItems.paidShare,
      orderStatus: orders.status,
      paidAt: orders.paidAt,
      completedAt: orders.completedAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.memberId, memberId)));
  return row;
}
