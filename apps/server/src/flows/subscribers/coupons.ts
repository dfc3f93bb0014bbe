import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';
import { giveBackForOrder, releaseForOrder, useForOrder } from '../../modules/coupons/coupons.service.ts';

/**
 * A coupon follows its order (the checkout holds it as the order is placed): used when the order is
 * paid; given back when the unpaid order is cancelled (by the buyer, an operator or the pay
 * timeout) or when the last unit of the paid order is refunded, as 未使用 while still valid and
 * 已过期 after its end. A part refund keeps it used. Each move is a conditional update of the
 * coupon's state, so a repeated moment changes nothing twice.
 */
export const couponSubscriber: OrderSubscriber = {
  name: 'coupons',
  async paid(tx, { order }) {
    await useForOrder(tx, order.id);
  },
  async cancelled(tx, { order }) {
    await releaseForOrder(tx, order.id);
  },
  async refunded(tx, { order, items }) {
    if (items.every((i) => i.refundedQuantity >= i.quantity)) await giveBackForOrder(tx, order.id);
  },
};
