import { countSales } from '../../modules/catalog/catalog.service.ts';
import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';

/**
 * The goods' 销量 follows the stock: counted as the order is placed (right after its stock is
 * taken), taken back when the unpaid order is cancelled and for units refunded before shipment. Each
 * is a row of the catalogue's tally, in the order's transaction; timed work folds it into the goods.
 */
export const salesSubscriber: OrderSubscriber = {
  name: 'sales',
  async placed(tx, { items }) {
    await countSales(tx, items, 1);
  },
  async cancelled(tx, { items }) {
    await countSales(tx, items, -1);
  },
  async refunded(tx, { item, quantity, beforeShipment }) {
    if (beforeShipment) await countSales(tx, [{ goodsId: item.goodsId, quantity }], -1);
  },
};
