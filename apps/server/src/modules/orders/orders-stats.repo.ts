import { PAID_ORDER_STATUSES, type OrderStatus } from '@mall/shared';
import { rows, sql, type DbOrTx } from '../../lib/db.ts';

/**
 * Reads for the console's 工作台: sums over the orders paid in a period. Reads only; the orders
 * module stays the only writer of its tables.
 *
 * "Paid in a period" means `paid_at` falls in [from, to) and the order is still in a paid status of
 * the state table (PAID_ORDER_STATUSES: an order closed by a full refund before shipment is left
 * out). Refunds are the money completed after-sales gave back on those same orders
 * (order_items.refunded_amount), so gross − refunded is what the shop kept of that period's sales.
 * Each query is one range scan of orders_paid_at_idx (migration 0044, its columns included so the
 * order rows are not read); refunds join only the lines that have one (order_items_refunded_idx).
 */
export interface StatsWindow {
  from: Date;
  to: Date;
}

const PAID: string[] = [...PAID_ORDER_STATUSES];
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const paidIn = (w: StatsWindow, alias = sql`o`) =>
  sql`${alias}.paid_at >= ${at(w.from)} AND ${alias}.paid_at < ${at(w.to)} AND ${alias}.status IN ${PAID}`;

export interface PaidTotals {
  /** Sum of paid_amount, fen. */
  gross: number;
  /** Refunds completed on these orders, fen. */
  refunded: number;
  orders: number;
  /** Distinct members with a paid order. */
  buyers: number;
}

/** Totals of the window: one range scan of orders_paid_at_idx, and the refunded lines among them. */
export async function paidTotals(db: DbOrTx, w: StatsWindow): Promise<PaidTotals> {
  const [sums] = await rows<{ gross: number; orders: number; buyers: number }>(
    db,
    sql`SELECT coalesce(sum(o.paid_amount), 0)::bigint AS gross, count(*)::int AS orders,
          count(DISTINCT o.member_id)::int AS buyers
        FROM orders o WHERE ${paidIn(w)}`,
  );
  const [refunds] = await rows<{ refunded: number }>(
    db,
    sql`SELECT coalesce(sum(oi.refunded_amount), 0)::bigint AS refunded
        FROM orders o JOIN order_items oi ON oi.order_id = o.id AND oi.refunded_amount > 0
        WHERE ${paidIn(w)}`,
  );
  return {
    gross: Number(sums?.gross ?? 0),
    refunded: Number(refunds?.refunded ?? 0),
    orders: Number(sums?.orders ?? 0),
    buyers: Number(sums?.buyers ?? 0),
  };
}

export interface PaidBucket {
  /** 0-based bucket from the window's start. */
  bucket: number;
  gross: number;
  refunded: number;
  orders: number;
}

/** Paid orders of the window in buckets of `bucketSeconds` counted from `w.from` (days, hours). */
export async function paidByBucket(db: DbOrTx, w: StatsWindow, bucketSeconds: number): Promise<PaidBucket[]> {
  const bucket = sql`floor(extract(epoch FROM (o.paid_at - ${at(w.from)})) / ${bucketSeconds}::int)::int`;
  const sums = await rows<{ bucket: number; gross: number; orders: number }>(
    db,
    sql`SELECT ${bucket} AS bucket, sum(o.paid_amount)::bigint AS gross, count(*)::int AS orders
        FROM orders o WHERE ${paidIn(w)} GROUP BY 1`,
  );
  const refunds = await rows<{ bucket: number; refunded: number }>(
    db,
    sql`SELECT ${bucket} AS bucket, sum(oi.refunded_amount)::bigint AS refunded
        FROM orders o JOIN order_items oi ON oi.order_id = o.id AND oi.refunded_amount > 0
        WHERE ${paidIn(w)} GROUP BY 1`,
  );
  const byBucket = new Map<number, PaidBucket>();
  for (const r of sums) {
    byBucket.set(Number(r.bucket), {
      bucket: Number(r.bucket),
      gross: Number(r.gross),
      refunded: 0,
      orders: Number(r.orders),
    });
  }
  for (const r of refunds) {
    const b = byBucket.get(Number(r.bucket));
    if (b) b.refunded = Number(r.refunded);
  }
  return [...byBucket.values()].sort((a, b) => a.bucket - b.bucket);
}

export interface PaidByGoods {
  goodsId: number;
  /** The lines' paid shares (freight included) less their refunds, fen. */
  amount: number;
  /** Units sold less units refunded. */
  quantity: number;
}

/** What the orders paid in the window brought in, per goods. */
export async function paidByGoods(db: DbOrTx, w: StatsWindow): Promise<PaidByGoods[]> {
  const found = await rows<{ goods_id: number; amount: number; quantity: number }>(
    db,
    sql`SELECT oi.goods_id, sum(oi.paid_share - oi.refunded_amount)::bigint AS amount,
          sum(oi.quantity - oi.refunded_quantity)::bigint AS quantity
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE ${paidIn(w)}
        GROUP BY oi.goods_id`,
  );
  return found.map((r) => ({ goodsId: Number(r.goods_id), amount: Number(r.amount), quantity: Number(r.quantity) }));
}

/** How many orders are in `status` now (orders_status_created_idx). */
export async function countInStatus(db: DbOrTx, status: OrderStatus): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE status = ${status}`);
  return Number(row?.n ?? 0);
}
