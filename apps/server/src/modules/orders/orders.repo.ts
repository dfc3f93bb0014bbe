import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { orderEvents, orderItems, orders } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { ORDER_STATUS } from './order-states.ts';

export type OrderActor = 'buyer' | 'system' | 'ops' | 'payment';
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** One line of an order's timeline; written in the same transaction as the change it records. */
export async function recordEvent(
  tx: DbOrTx,
  e: {
    orderId: string;
    type: string;
    fromStatus?: string | null;
    toStatus?: string | null;
    actor: OrderActor;
    note?: string | null;
  },
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

export interface OrderFilter {
  memberId?: string;
  status?: string;
  keyword?: string;
  /** Buyers do not see orders they deleted; operators do. */
  includeDeleted?: boolean;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: OrderFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.memberId) parts.push(eq(orders.memberId, f.memberId));
  if (!f.includeDeleted) parts.push(eq(orders.deletedByBuyer, false));
  if (f.status) parts.push(eq(orders.status, f.status));
  if (f.keyword) {
    const pattern = `%${likeEscape(f.keyword)}%`;
    parts.push(
      sql`(${orders.orderNo} = ${f.keyword} OR EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = ${orders.id} AND oi.name ILIKE ${pattern}))`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

export async function pageOrders(db: DbOrTx, f: OrderFilter, pageNum: number, pageSize: number) {
  const where = whereOf(f);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(where)) as [{ total: number }];
  const list = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { list, total };
}

/** Orders per status for the tabs, and all of them. */
export async function countByStatus(db: DbOrTx, memberId: string) {
  const found = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.deletedByBuyer, false)))
    .groupBy(orders.status);
  const counts: Record<string, number> = { ALL: 0 };
  for (const s of Object.keys(ORDER_STATUS)) counts[s] = 0;
  for (const r of found) {
    counts[r.status] = r.count;
    counts.ALL! += r.count;
  }
  return counts;
}

export async function itemsOf(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const map = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return map;
  const found = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const item of found) map.set(item.orderId, [...(map.get(item.orderId) ?? []), item]);
  return map;
}

export async function eventsOf(db: DbOrTx, orderId: string) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

export async function findByOrderNo(db: DbOrTx, orderNo: string, memberId?: string): Promise<OrderRow | undefined> {
  if (!/^\d{8,32}$/.test(orderNo)) return undefined;
  const where = memberId
    ? and(eq(orders.orderNo, orderNo), eq(orders.memberId, memberId))
    : eq(orders.orderNo, orderNo);
  const [row] = await db.select().from(orders).where(where);
  return row;
}
