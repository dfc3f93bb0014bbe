import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';
import { earnForPaidOrder, reverseForRefund, scheduleSettlement } from '../../modules/distribution/index.ts';

/**
 * Commission follows the order: a paid order's distribution lines earn their sharers (and in 推广 the
 * sharer's inviter) commission, 冻结中; its completion sets when that settles (the order sweeper then
 * settles it: 可提现); a refund takes back the refunded share, before or after settling.
 */
export const distributionSubscriber: OrderSubscriber = {
  name: 'distribution',
  async paid(tx, { order, items }) {
    await earnForPaidOrder(tx, order, items);
  },
  async completed(tx, { order }) {
    await scheduleSettlement(tx, order);
  },
  async refunded(tx, { order, item, amount }) {
    await reverseForRefund(tx, item, amount, order.orderNo);
  },
};
