import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';
import { returnFlashUnits } from '../../modules/activities/activities-trade.ts';

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
};
