import type { OrderMoment } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import type { OrderActor, OrderItemRow, OrderRow } from './orders.repo.ts';

/**
 * The moments of an order's life, published by the orders module to the subscribers registered
 * in flows/order-subscribers.ts. A subscriber runs inside the transaction that made the change:
 * if it throws, the change is undone (a checkout short of stock places no order).
 */
export interface OrderMomentEvent {
  order: OrderRow;
  items: OrderItemRow[];
  actor: OrderActor;
}

/** One refund of one line (an after-sale completed). */
export interface RefundMomentEvent extends OrderMomentEvent {
  item: OrderItemRow;
  quantity: number;
  amount: number;
  /** The order had not been shipped: these units never left the warehouse. */
  beforeShipment: boolean;
}

export type OrderSubscriber = {
  /** Named in logs and in the README's list of subscribers. */
  name: string;
} & { [M in Exclude<OrderMoment, 'refunded'>]?: (tx: DbOrTx, e: OrderMomentEvent) => Promise<void> } & {
  refunded?: (tx: DbOrTx, e: RefundMomentEvent) => Promise<void>;
};

let subscribers: readonly OrderSubscriber[] = [];

/** Set once at start-up (bootstrap), in the order they run; setting again replaces the list. */
export function setOrderSubscribers(list: readonly OrderSubscriber[]) {
  subscribers = [...list];
}

export function orderSubscribers(): readonly OrderSubscriber[] {
  return subscribers;
}

export async function publish(tx: DbOrTx, moment: Exclude<OrderMoment, 'refunded'>, e: OrderMomentEvent) {
  for (const s of subscribers) await s[moment]?.(tx, e);
}

export async function publishRefund(tx: DbOrTx, e: RefundMomentEvent) {
  for (const s of subscribers) await s.refunded?.(tx, e);
}
