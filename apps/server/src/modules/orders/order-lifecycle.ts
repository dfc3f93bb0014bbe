import { Code, ORDER_TRANSITIONS, type OrderMoment, type OrderStatus, type OrderTransition } from '@mall/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { orderSubscribers, publish, publishRefund } from './order-moments.ts';
import { refusal } from './order-states.ts';
import * as repo from './orders.repo.ts';
import type { NewOrderItemRow, NewOrderRow, OrderActor, OrderRow } from './orders.repo.ts';

/**
 * The only writer of an order's status. Every change is one conditional update in the caller's
 * transaction (so a race or a double click changes nothing twice), a line of the order's timeline,
 * and the moment published to the subscribers of flows/order-subscribers.ts in the same transaction.
 */

const STAMPED_AT: Record<OrderTransition, keyof NewOrderRow> = {
  pay: 'paidAt',
  cancel: 'cancelledAt',
  ship: 'shippedAt',
  confirmReceipt: 'completedAt',
  closeAfterRefund: 'closedAt',
};

const listens = (moment: OrderMoment) => orderSubscribers().some((s) => s[moment]);

async function announce(tx: DbOrTx, moment: Exclude<OrderMoment, 'refunded'>, order: OrderRow, actor: OrderActor) {
  if (!listens(moment)) return;
  await publish(tx, moment, { order, items: await repo.itemsOfOrder(tx, order.id), actor });
}

export interface Move {
  orderId: string;
  action: OrderTransition;
  actor: OrderActor;
  note?: string | null;
  /** The status the caller saw; defaults to the transition's only "from". */
  from?: OrderStatus;
  /** Other columns this move sets (carrier, paid amount...). */
  set?: Partial<NewOrderRow>;
  /** A further condition of the update (a payment's amount must equal the payable amount). */
  when?: SQL;
}

/** Moves an order by the state table; undefined when it was no longer in `from` (someone else moved it). */
export async function moveOrder(tx: DbOrTx, m: Move): Promise<OrderRow | undefined> {
  const rule = ORDER_TRANSITIONS[m.action];
  const from = m.from ?? rule.from[0];
  if (!(rule.from as readonly string[]).includes(from)) throw refusal(m.action, from);
  const row = await repo.updateStatus(
    tx,
    m.orderId,
    from,
    { ...m.set, status: rule.to, [STAMPED_AT[m.action]]: new Date() },
    m.when,
  );
  if (!row) return undefined;
  await repo.recordEvent(tx, {
    orderId: row.id,
    type: m.action,
    fromStatus: from,
    toStatus: rule.to,
    actor: m.actor,
    note: m.note,
  });
  await announce(tx, rule.moment, row, m.actor);
  return row;
}

/** Places an order: its rows, the first line of its timeline, and the `placed` moment (stock is taken there). */
export async function placeOrder(
  tx: DbOrTx,
  order: Omit<NewOrderRow, 'status'>,
  items: NewOrderItemRow[],
): Promise<OrderRow | undefined> {
  const row = await repo.insertOrder(tx, { ...order, status: 'PENDING_PAYMENT' });
  if (!row) return undefined; // this idempotency key already made an order
  const saved = await repo.insertItemsWithEvent(tx, row.id, items, {
    type: 'create',
    toStatus: 'PENDING_PAYMENT',
    actor: 'buyer',
    note: '等待付款',
  });
  await publish(tx, 'placed', { order: row, items: saved, actor: 'buyer' });
  return row;
}

/**
 * A completed after-sale's refund of `quantity` units and `amount` fen of one line. The order row is
 * locked first, so two refunds of one order decide in turn whether nothing is left to ship; when the
 * last unit of an unshipped order is refunded the order closes.
 */
export async function recordRefund(
  tx: DbOrTx,
  r: { orderId: string; itemId: string; quantity: number; amount: number; actor: OrderActor; note: string },
): Promise<OrderRow> {
  const order = await repo.lockById(tx, r.orderId);
  if (!order) throw new AppError(Code.NOT_FOUND, '订单不存在');
  const item = await repo.addRefund(tx, r.itemId, r.quantity, r.amount);
  if (!item || item.orderId !== order.id) {
    throw new AppError(Code.REFUND_EXCEEDS, '退款超过该商品的可退数量或金额');
  }
  await repo.recordEvent(tx, { orderId: order.id, type: 'refund', actor: r.actor, note: r.note });
  const items = await repo.itemsOfOrder(tx, order.id);
  const beforeShipment = order.status === 'PENDING_SHIPMENT';
  await publishRefund(tx, { order, items, item, actor: r.actor, quantity: r.quantity, amount: r.amount, beforeShipment });
  const nothingToShip = items.every((i) => i.refundedQuantity >= i.quantity);
  if (beforeShipment && nothingToShip) {
    const closed = await moveOrder(tx, {
      orderId: order.id,
      action: 'closeAfterRefund',
      actor: r.actor,
      note: '商品已全部退款，订单关闭',
    });
    if (closed) return closed;
  }
  // Every party left with something to ship has shipped (the rest of a store's lines were refunded):
  // the order is on its way.
  if (beforeShipment && !nothingToShip) {
    const left = await repo.shippingLeft(tx, order.id);
    if (!left.waiting && left.last) {
      const shipped = await moveOrder(tx, {
        orderId: order.id,
        action: 'ship',
        actor: r.actor,
        note: '其余商品已全部退款，订单已发货',
        set: { logisticsCompany: left.last.company, trackingNo: left.last.trackingNo },
      });
      if (shipped) return shipped;
    }
  }
  return order;
}

/** Marks an after-sale open on a member's line (refused when the order no longer takes after-sales). */
export async function openAfterSale(
  tx: DbOrTx,
  p: { itemId: string; memberId: string; afterSaleId: string; orderStatuses: readonly OrderStatus[] },
): Promise<boolean> {
  return Boolean(await repo.openAfterSale(tx, p));
}

/** An after-sale on the line ended (withdrawn, rejected or refunded). */
export async function closeAfterSale(tx: DbOrTx, itemId: string): Promise<void> {
  await repo.closeAfterSale(tx, itemId);
}
