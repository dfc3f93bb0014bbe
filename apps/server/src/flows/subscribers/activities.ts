import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';
import { refundFlashUnits, returnFlashUnits } from '../../modules/activities/index.ts';

/**
 * 秒杀 units follow the order: when the unpaid order is cancelled (by the buyer, an operator or the
 * shorter pay timeout), the stock subscriber has put its units back in the goods' stock; while the
 * session runs they go on to the activity again (someone else may 抢 them), after its end they stay.
 * The hold is returned once (a conditional update), so the member's limit counts the order no more.
 */
export const activitySubscriber: OrderSubscriber = {
  name: 'activities',
  async cancelled(tx, { order }) {
    await returnFlashUnits(tx, order.orderNo);
  },
  /**
   * Units refunded before shipment stay in the goods' stock (the stock subscriber put them back):
   * the session counts them sold no more (sold − n, returned + n) and the member's hold keeps what
   * the line still has. The hold is brought to that level, so a repeated event changes nothing twice.
   */
  async refunded(tx, { order, item, beforeShipment }) {
    if (!beforeShipment) return;
    await refundFlashUnits(tx, { orderNo: order.orderNo, skuId: item.skuId, stillBought: item.quantity - item.refundedQuantity });
  },
};
