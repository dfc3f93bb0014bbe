import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '@mall/shared';
import { orderEvents, orderItems, orders } from '../../db/schema/index.ts';
import { HOT, keptStatement, keysWithValues, placeholdersOf, rows, type DbOrTx } from '../../lib/db.ts';

export type OrderActor = 'buyer' | 'system' | 'ops' | 'payment';
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderItemRow = Omit<typeof orderItems.$inferInsert, 'orderId'>;

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
  /** Placed at or after `createdFrom` and before `createdBefore` (the console's date range). */
  createdFrom?: Date;
  createdBefore?: Date;
  paymentMethod?: string;
  /** This order number exactly. */
  orderNo?: string;
  /** Orders with a line of this store's goods (a store's 本店订单). */
  storeId?: string;
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
  if (f.createdFrom) parts.push(gte(orders.createdAt, f.createdFrom));
  if (f.createdBefore) parts.push(lt(orders.createdAt, f.createdBefore));
  if (f.paymentMethod) parts.push(eq(orders.paymentMethod, f.paymentMethod));
  if (f.orderNo) parts.push(eq(orders.orderNo, f.orderNo));
  if (f.storeId) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM order_items oi JOIN goods g ON g.id = oi.goods_id WHERE oi.order_id = ${orders.id} AND g.supplier_id = ${f.storeId})`,
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
export async function countByStatus(db: DbOrTx, memberId: string): Promise<Record<'ALL' | OrderStatus, number>> {
  const found = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.deletedByBuyer, false)))
    .groupBy(orders.status);
  const counts = Object.fromEntries([['ALL', 0], ...ORDER_STATUSES.map((s) => [s, 0])]) as Record<'ALL' | OrderStatus, number>;
  for (const r of found) {
    counts[r.status as OrderStatus] = r.count;
    counts.ALL += r.count;
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

export async function itemsOfOrder(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return (await itemsOf(db, [orderId])).get(orderId) ?? [];
}

export async function findById(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order row, locked until the transaction ends (the orders module's own rows only). */
export async function lockById(tx: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

const orderInsert = keptStatement((db, columns) =>
  db
    .insert(orders)
    .values(placeholdersOf<NewOrderRow>(columns.split(',')))
    .onConflictDoNothing({ target: [orders.memberId, orders.idempotencyKey] })
    .returning()
    .prepare(HOT),
);

/** The new order, or undefined when this member's idempotency key already made one. */
export async function insertOrder(tx: DbOrTx, values: NewOrderRow): Promise<OrderRow | undefined> {
  const [row] = await orderInsert(tx, keysWithValues(values).join(',')).execute(values);
  return row;
}

/** One line's values in insertItemsWithEvent's statement: its placeholders are named `line${n}_${key}`. */
const linePrefix = (n: number) => `line${n}_`;

const itemsWithEventInsert = keptStatement((db, shape) => {
  const event = db.insert(orderEvents).values({
    orderId: sql.placeholder('orderId'),
    type: sql.placeholder('eventType'),
    fromStatus: null,
    toStatus: sql.placeholder('toStatus'),
    actor: sql.placeholder('actor'),
    note: sql.placeholder('note'),
  });
  const lines = shape.split('|').map((keys, n) => ({
    ...placeholdersOf<NewOrderItemRow>(keys.split(','), linePrefix(n)),
    orderId: sql.placeholder('orderId'),
  }));
  const timeline = db.$with('timeline', {}).as(event.getSQL());
  return db.with(timeline).insert(orderItems).values(lines).returning().prepare(HOT);
});

/**
 * A new order's lines and the first line of its timeline, in one statement (the event's INSERT runs
 * as a data-modifying WITH of the lines' INSERT): one round trip fewer inside the checkout's transaction.
 */
export async function insertItemsWithEvent(
  tx: DbOrTx,
  orderId: string,
  items: NewOrderItemRow[],
  e: { type: string; toStatus: string; actor: OrderActor; note: string },
): Promise<OrderItemRow[]> {
  const values: Record<string, unknown> = { orderId, eventType: e.type, toStatus: e.toStatus, actor: e.actor, note: e.note };
  const shape = items.map((item, n) => {
    const keys = keysWithValues(item);
    for (const k of keys) values[`${linePrefix(n)}${k}`] = item[k as keyof NewOrderItemRow];
    return keys.join(',');
  });
  return itemsWithEventInsert(tx, shape.join('|')).execute(values);
}

/** Conditional status change: only a row still in `from` (and meeting `when`) changes. */
export async function updateStatus(
  tx: DbOrTx,
  orderId: string,
  from: string,
  set: Partial<NewOrderRow>,
  when?: SQL,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, from), when))
    .returning();
  return row;
}

/** Adds a refund to a line, never past its quantity or paid share. */
export async function addRefund(tx: DbOrTx, itemId: string, quantity: number, amount: number) {
  const [row] = await tx
    .update(orderItems)
    .set({
      refundedQuantity: sql`${orderItems.refundedQuantity} + ${quantity}`,
      refundedAmount: sql`${orderItems.refundedAmount} + ${amount}`,
    })
    .where(
      and(
        eq(orderItems.id, itemId),
        sql`${orderItems.refundedQuantity} + ${quantity} <= ${orderItems.quantity}`,
        sql`${orderItems.refundedAmount} + ${amount} <= ${orderItems.paidShare}`,
      ),
    )
    .returning();
  return row;
}

/**
 * One more open after-sale on a member's line whose order is in `orderStatuses`. The row update
 * also serialises concurrent requests for the line until the transaction ends.
 */
export async function openAfterSale(
  tx: DbOrTx,
  p: { itemId: string; memberId: string; afterSaleId: string; orderStatuses: readonly string[] },
) {
  const [row] = await tx
    .update(orderItems)
    .set({ openAfterSales: sql`${orderItems.openAfterSales} + 1`, lastAfterSaleId: p.afterSaleId })
    .where(
      and(
        eq(orderItems.id, p.itemId),
        inArray(
          orderItems.orderId,
          tx
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.memberId, p.memberId), inArray(orders.status, [...p.orderStatuses]))),
        ),
      ),
    )
    .returning({ id: orderItems.id });
  return row;
}

export async function closeAfterSale(tx: DbOrTx, itemId: string) {
  await tx
    .update(orderItems)
    .set({ openAfterSales: sql`${orderItems.openAfterSales} - 1` })
    .where(and(eq(orderItems.id, itemId), gt(orderItems.openAfterSales, 0)));
}

/** Hides the order from its buyer if it is still in `statuses` and no after-sale is open on it. */
export async function hideFromBuyer(tx: DbOrTx, orderId: string, statuses: readonly string[]) {
  const [row] = await tx
    .update(orders)
    .set({ deletedByBuyer: true, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, [...statuses]),
        eq(orders.deletedByBuyer, false),
        sql`NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = ${orders.id} AND oi.open_after_sales > 0)`,
      ),
    )
    .returning({ id: orders.id });
  return row;
}

export async function findByIdempotencyKey(db: DbOrTx, memberId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.idempotencyKey, key)));
  return row;
}

export async function findByOrderNo(db: DbOrTx, orderNo: string, memberId?: string): Promise<OrderRow | undefined> {
  if (!/^\d{8,32}$/.test(orderNo)) return undefined;
  const where = memberId
    ? and(eq(orders.orderNo, orderNo), eq(orders.memberId, memberId))
    : eq(orders.orderNo, orderNo);
  const [row] = await db.select().from(orders).where(where);
  return row;
}

/** A member's order line with its order's number and state (the after-sale module's view of it). */
export async function findItemWithOrder(db: DbOrTx, memberId: string, itemId: string) {
  const [row] = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      orderNo: orders.orderNo,
      memberId: orders.memberId,
      goodsId: orderItems.goodsId,
      skuId: orderItems.skuId,
      name: orderItems.name,
      image: orderItems.image,
      specText: orderItems.specText,
      unitPrice: orderItems.unitPrice,
      quantity: orderItems.quantity,
      goodsAmount: orderItems.goodsAmount,
      discountAmount: orderItems.discountAmount,
      paidShare: orderItems.paidShare,
      orderStatus: orders.status,
      paidAt: orders.paidAt,
      completedAt: orders.completedAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.memberId, memberId)));
  return row;
}


/**
 * A member's lines of orders completed since `since` and still in their list, latest completion
 * first (the reviews module's 待评价; at most `limit` lines).
 */
export async function completedItemsSince(db: DbOrTx, memberId: string, since: Date, limit: number) {
  return db
    .select({
      id: orderItems.id,
      orderNo: orders.orderNo,
      goodsId: orderItems.goodsId,
      name: orderItems.name,
      image: orderItems.image,
      specText: orderItems.specText,
      completedAt: orders.completedAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.memberId, memberId),
        eq(orders.status, 'COMPLETED'),
        gte(orders.completedAt, since),
        eq(orders.deletedByBuyer, false),
      ),
    )
    .orderBy(desc(orders.completedAt), asc(orderItems.id))
    .limit(limit);
}

/* ---- The console ---- */

/** Orders per status under a filter (its status aside), and all of them: the console's tabs. */
export async function countByStatusWhere(db: DbOrTx, f: OrderFilter): Promise<Record<string, number>> {
  const found = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(whereOf({ ...f, status: undefined }))
    .groupBy(orders.status);
  const counts: Record<string, number> = { ALL: 0 };
  for (const s of ORDER_STATUSES) counts[s] = 0;
  for (const r of found) {
    counts[r.status] = r.count;
    counts.ALL! += r.count;
  }
  return counts;
}

/** Up to `limit` orders of a filter, newest first (the CSV export; the caller checks the total first). */
export async function listOrders(db: DbOrTx, f: OrderFilter, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(whereOf(f))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function countOrders(db: DbOrTx, f: OrderFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(orders)
    .where(whereOf(f));
  return row?.total ?? 0;
}

/** The operators' note on an order, with who wrote it and when; the row as it was before, to audit. */
export async function setOpsRemark(
  db: DbOrTx,
  orderId: string,
  remark: string,
  by: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ opsRemark: remark, opsRemarkBy: by, opsRemarkAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  return row;
}

/**
 * Per-party shipping: whether a party with unrefunded lines has not shipped yet, and the
 * latest parcel. A line's party is its goods' store (the shop when none).
 */
export async function shippingLeft(tx: DbOrTx, orderId: string) {
  const waiting = await rows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM order_items oi LEFT JOIN goods g ON g.id = oi.goods_id
      WHERE oi.order_id = ${orderId} AND oi.refunded_quantity < oi.quantity
        AND NOT EXISTS (SELECT 1 FROM order_shipments os
          WHERE os.order_id = oi.order_id AND os.supplier_id IS NOT DISTINCT FROM g.supplier_id)
      LIMIT 1`,
  );
  const [parcel] = await rows<{ logistics_company: string; tracking_no: string }>(
    tx,
    sql`SELECT logistics_company, tracking_no FROM order_shipments
      WHERE order_id = ${orderId} ORDER BY shipped_at DESC, id DESC LIMIT 1`,
  );
  return {
    waiting: waiting.length > 0,
    last: parcel ? { company: parcel.logistics_company, trackingNo: parcel.tracking_no } : null,
  };
}

/**
 * 注销账号: the member's orders keep their goods and money but no longer lead to a person: receiver and
 * address become `marker`, the mobile empty, the district and the real-name snapshot gone, the buyer's
 * remark cleared. Province and city stay (what the shop shipped where, for its accounts).
 */
export async function deIdentifyMemberOrders(db: DbOrTx, memberId: string, marker: string) {
  await db
    .update(orders)
    .set({
      address: sql`jsonb_build_object(
        'receiverName', ${marker}::text, 'mobile', '',
        'provinceName', ${orders.address}->>'provinceName', 'provinceCode', ${orders.address}->>'provinceCode',
        'cityName', ${orders.address}->>'cityName', 'cityCode', ${orders.address}->>'cityCode',
        'districtName', NULL, 'districtCode', NULL, 'detail', ${marker}::text)`,
      realName: null,
      realNameId: null,
      remark: '',
      updatedAt: new Date(),
    })
    .where(eq(orders.memberId, memberId));
}
