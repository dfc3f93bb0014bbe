import { Code } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';
import { returnStock, takeStock } from '../../modules/inventory/inventory.service.ts';
import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';

const linesOf = (items: { skuId: number; goodsId: number; quantity: number }[]) =>
  items.map((i) => ({ skuId: i.skuId, goodsId: i.goodsId, quantity: i.quantity }));

/** Who caused the moment, as the stock ledger records it (the payments notifier never moves stock). */
const actorOf = (actor: string) =>
  (actor === 'buyer' ? 'buyer' : actor === 'ops' ? 'ops' : 'system') as 'buyer' | 'system' | 'ops';

/**
 * Stock follows the order: taken when it is placed (a shortfall refuses the whole order, naming the
 * goods), given back when an unpaid order is cancelled, and given back for units refunded before
 * shipment (they never left the warehouse). Returned parcels come back through the after-sale's
 * 确认收货 instead, as the goods arrive. Each change is in the stock ledger with the order number.
 */
export const stockSubscriber: OrderSubscriber = {
  name: 'stock',
  async placed(tx, { order, items }) {
    const short = await takeStock(tx, linesOf(items), { kind: 'sale', refNo: order.orderNo, actor: 'buyer' });
    if (short) {
      const name = items.find((i) => i.skuId === short.skuId)?.name ?? '';
      throw new AppError(Code.OUT_OF_STOCK, `“${name}”库存不足，请减少数量或稍后再试`);
    }
  },
  async cancelled(tx, { order, items, actor }) {
    await returnStock(tx, linesOf(items), {
      kind: 'cancel',
      refNo: order.orderNo,
      actor: actorOf(actor),
      reason: order.cancelReason,
    });
  },
  async refunded(tx, { order, item, quantity, beforeShipment, actor }) {
    if (!beforeShipment) return;
    await returnStock(tx, linesOf([{ ...item, quantity }]), {
      kind: 'refund',
      refNo: order.orderNo,
      actor: actorOf(actor),
      reason: '发货前退款',
    });
  },
};
