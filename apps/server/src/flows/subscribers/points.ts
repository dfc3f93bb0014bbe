import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';
import { clawBackForRefund, earnForOrder } from '../../modules/points/points.service.ts';

/**
 * Points follow the order: when it completes, the member earns points on what was paid and not
 * refunded (once per order), and the first completed order completes the 首单 task; a refund after
 * that takes back the refunded share of those points (never more than were earned, never below a
 * zero balance). A refund before completion takes nothing: the completion counts it.
 */
export const pointsSubscriber: OrderSubscriber = {
  name: 'points',
  async completed(tx, { order, items }) {
    const refunded = items.reduce((s, i) => s + i.refundedAmount, 0);
    await earnForOrder(tx, { orderNo: order.orderNo, memberId: order.memberId, paidFen: order.paidAmount - refunded });
  },
  async refunded(tx, { order, amount }) {
    await clawBackForRefund(tx, { orderNo: order.orderNo, amountFen: amount });
  },
};
