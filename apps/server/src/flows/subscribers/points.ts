import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';
import { clawBackForRefund, earnForOrder } from '../../modules/points/points.service.ts';
import { returnForOrder } from '../../modules/points/index.ts';

/**
 * Points follow the order: when it completes, the member earns points on what was paid and not
 * refunded (once per order), and the first completed order completes the 首单 task; a refund after
 * that takes back the refunded share of those points (never more than were earned, never below a
 * zero balance). A refund before completion takes nothing: the completion counts it.
 * What the order spent (积分抵扣, 积分兑换 with the mall's stock) comes back once, when the unpaid
 * order is cancelled (by the buyer, an operator or the pay timeout) or when its last unit is refunded.
 */
export const pointsSubscriber: OrderSubscriber = {
  name: 'points',
  async cancelled(tx, { order }) {
    await returnForOrder(tx, order.orderNo, '订单取消，积分退回');
  },
  async completed(tx, { order, items }) {
    const refunded = items.reduce((s, i) => s + i.refundedAmount, 0);
    await earnForOrder(tx, { orderNo: order.orderNo, memberId: order.memberId, paidFen: order.paidAmount - refunded });
  },
  async refunded(tx, { order, items, amount }) {
    await clawBackForRefund(tx, { orderNo: order.orderNo, amountFen: amount });
    if (items.every((i) => i.refundedQuantity >= i.quantity)) await returnForOrder(tx, order.orderNo, '订单全额退款，积分退回');
  },
};
