import { orderEvents } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../lib/db.ts';

export type OrderActor = 'buyer' | 'system' | 'ops' | 'payment';

/** One line of an order's timeline; written in the same transaction as the change it records. */
export async function recordEvent(
  tx: DbOrTx,
  e: { orderId: string; type: string; fromStatus?: string | null; toStatus?: string | null; actor: OrderActor; note?: string | null },
) {
  await tx.insert(orderEvents).values({
    orderId: e.orderId,
    type: e.type,
    fromStatus: e.fromStatus ?? null,
    toStatus: e.toStatus ?? null,
    actor: e.actor,
    note: e.note ?? null,
  });
}
