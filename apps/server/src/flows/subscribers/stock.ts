import { Code } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';
import { returnStock, takeStock } from '../../modules/inventory/inventory.service.ts';
import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';

const linesOf = (items: { skuId: number; goodsId: number; quantity: number }[]) =>
  items.map((i) => ({ skuId: i.skuId, goodsId: i.goodsId, quantity: i.quantity }));

/**
 * Stock follows the order: taken when it is placed (a shortfall refuses the whole order, naming the
 * goods), given back when an unpaid order is cancelled, and given back for units refunded before
 * shipment (they never left the warehouse). Returned parcels come back through the after-sale's
 * 确认收货 instead, as the goods arrive.
 */
export const stockSubscriber: OrderSubscriber = {
  name: 'stock',
  async placed(tx, { items }) {
    const short = await takeStock(tx, linesOf(items));
    if (short) {
      const name = items.find((i) => i.skuId === short.skuId)?.name ?? '';
      throw new AppError(Code.OUT_OF_STOCK, `“${name}”库存不足，请减少数量或稍后再试`);
    }
  },
  async cancelled(tx, { items }) {
    await returnStock(tx, linesOf(items));
  },
  async refunded(tx, { item, quantity, beforeShipment }) {
    if (beforeShipment) await returnStock(tx, linesOf([{ ...item, quantity }]));
  },
};
