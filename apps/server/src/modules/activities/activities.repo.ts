import { sql, type SQL } from 'drizzle-orm';
import type { ActivityKind, ActivityStatus } from '@mall/shared';
import { hotRows, rows, type DbOrTx } from '../../lib/db.ts';
import type { DiscountRule } from './activity-rules.ts';

/**
 * SQL of the activity tables (migration 0070); nothing else reads or writes them. The trade's
 * statements (the checkout's takes, a cancel's or refund's returns, the sold-out notifications of
 * the channel `activity_stock`) are here too, below the console's.
 */

export interface ActivityRow {
  id: number;
  kind: ActivityKind;
  title: string;
  starts_at: Date | string;
  ends_at: Date | string;
  per_member_limit: number;
  status: ActivityStatus;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ActivitySkuRow {
  activity_id: number;
  sku_id: number;
  goods_id: number;
  price_fen: number | null;
  percent: number | null;
  stock: number;
  sold: number;
  returned: number;
  sort: number;
}

/** A SKU row's rule: its price, or a 限时折扣's percent of the usual price. */
export function ruleOf(s: Pick<ActivitySkuRow, 'price_fen' | 'percent'>): DiscountRule {
  return s.price_fen !== null ? { type: 'PRICE', priceFen: s.price_fen } : { type: 'PERCENT', percent: s.percent! };
}

/** Units a member holds in an activity through orders not given back (the per-member limit counts these). */
export async function heldBy(db: DbOrTx, activityId: number, memberId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM activity_holds
        WHERE activity_id = ${activityId} AND member_id = ${memberId} AND status = 'HELD'`,
  );
  return row!.n;
}

export interface NewActivity {
  kind: ActivityKind;
  title: string;
  startsAt: Date;
  endsAt: Date;
  perMemberLimit: number;
}

export interface NewActivitySku {
  skuId: number;
  goodsId: number;
  priceFen: number | null;
  percent: number | null;
  stock: number;
}

export async function insertActivity(tx: DbOrTx, a: NewActivity): Promise<ActivityRow> {
  const [row] = await rows<ActivityRow>(
    tx,
    sql`INSERT INTO activities (kind, title, starts_at, ends_at, per_member_limit)
        VALUES (${a.kind}, ${a.title}, ${a.startsAt.toISOString()}::timestamptz, ${a.endsAt.toISOString()}::timestamptz, ${a.perMemberLimit})
        RETURNING *`,
  );
  return row!;
}

/** Rewrites a draft's fields; undefined when it is no longer a draft. */
export async function updateDraft(tx: DbOrTx, id: number, a: Omit<NewActivity, 'kind'>): Promise<ActivityRow | undefined> {
  const [row] = await rows<ActivityRow>(
    tx,
    sql`UPDATE activities SET title = ${a.title}, starts_at = ${a.startsAt.toISOString()}::timestamptz,
          ends_at = ${a.endsAt.toISOString()}::timestamptz, per_member_limit = ${a.perMemberLimit}, updated_at = now()
        WHERE id = ${id} AND status = 'DRAFT' RETURNING *`,
  );
  return row;
}

export async function replaceSkus(tx: DbOrTx, activityId: number, skus: NewActivitySku[]) {
  await tx.execute(sql`DELETE FROM activity_skus WHERE activity_id = ${activityId}`);
  for (const [i, s] of skus.entries()) {
    await tx.execute(
      sql`INSERT INTO activity_skus (activity_id, sku_id, goods_id, price_fen, percent, stock, sort)
          VALUES (${activityId}, ${s.skuId}, ${s.goodsId}, ${s.priceFen}, ${s.percent}, ${s.stock}, ${i})`,
    );
  }
}

export async function findActivity(db: DbOrTx, id: number): Promise<ActivityRow | undefined> {
  const [row] = await rows<ActivityRow>(db, sql`SELECT * FROM activities WHERE id = ${id}`);
  return row;
}

/** The activity row locked until the transaction ends (its moves decide one after another). */
export async function lockActivity(tx: DbOrTx, id: number): Promise<ActivityRow | undefined> {
  const [row] = await rows<ActivityRow>(tx, sql`SELECT * FROM activities WHERE id = ${id} FOR UPDATE`);
  return row;
}

export function skusOf(db: DbOrTx, activityIds: number[]): Promise<ActivitySkuRow[]> {
  if (!activityIds.length) return Promise.resolve([]);
  return rows<ActivitySkuRow>(
    db,
    sql`SELECT * FROM activity_skus WHERE activity_id IN (${sql.join(activityIds.map((id) => sql`${id}`), sql`, `)})
        ORDER BY activity_id, sort, sku_id`,
  );
}

export async function setStatus(tx: DbOrTx, id: number, from: ActivityStatus, to: ActivityStatus): Promise<boolean> {
  const changed = await rows<{ id: number }>(
    tx,
    sql`UPDATE activities SET status = ${to}, updated_at = now() WHERE id = ${id} AND status = ${from} RETURNING id`,
  );
  return changed.length === 1;
}

/** An activity's SKU rows locked until the transaction ends, in SKU id order (the inventory's lock order). */
export function lockSkus(tx: DbOrTx, activityId: number): Promise<ActivitySkuRow[]> {
  return rows<ActivitySkuRow>(tx, sql`SELECT * FROM activity_skus WHERE activity_id = ${activityId} ORDER BY sku_id FOR UPDATE`);
}

/** Moves `units` of a SKU's unsold activity stock to `returned` (they go back to the goods' stock). */
export async function releaseUnits(tx: DbOrTx, activityId: number, skuId: number, units: number) {
  await tx.execute(
    sql`UPDATE activity_skus SET stock = stock - ${units}, returned = returned + ${units}
        WHERE activity_id = ${activityId} AND sku_id = ${skuId} AND stock >= ${units}`,
  );
}

/**
 * SKUs of these that are already in another scheduled activity whose time overlaps [startsAt, endsAt):
 * a SKU has one activity price at a time.
 */
export function overlapping(db: DbOrTx, activityId: number, skuIds: number[], startsAt: Date, endsAt: Date) {
  if (!skuIds.length) return Promise.resolve([]);
  return rows<{ sku_id: number; title: string }>(
    db,
    sql`SELECT s.sku_id, a.title FROM activity_skus s JOIN activities a ON a.id = s.activity_id
        WHERE s.sku_id IN (${sql.join(skuIds.map((id) => sql`${id}`), sql`, `)}) AND a.id <> ${activityId}
          AND a.status = 'SCHEDULED' AND a.starts_at < ${endsAt.toISOString()}::timestamptz
          AND a.ends_at > ${startsAt.toISOString()}::timestamptz
        ORDER BY s.sku_id`,
  );
}

export interface ActivityFilter {
  kind?: ActivityKind;
  status?: ActivityStatus;
}

function where(f: ActivityFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.kind) parts.push(sql`kind = ${f.kind}`);
  if (f.status) parts.push(sql`status = ${f.status}`);
  return sql.join(parts, sql` AND `);
}

export async function page(db: DbOrTx, f: ActivityFilter, pageNum: number, pageSize: number) {
  const w = where(f);
  const [list, [total]] = await Promise.all([
    rows<ActivityRow>(
      db,
      sql`SELECT * FROM activities WHERE ${w} ORDER BY starts_at DESC, id DESC
          LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM activities WHERE ${w}`),
  ]);
  return { list, total: total!.n };
}

/** Scheduled activities whose time is up, for the sweeper. */
export function dueToEnd(db: DbOrTx, now: Date, limit: number) {
  return rows<{ id: number }>(
    db,
    sql`SELECT id FROM activities WHERE status = 'SCHEDULED' AND ends_at <= ${now.toISOString()}::timestamptz
        ORDER BY ends_at LIMIT ${limit}`,
  );
}

/* ---- The trade (activities-trade.ts) and the sold-out marks (sold-out-marks.ts) ---- */

const at = (d: Date) => d.toISOString();

/** Running 限时折扣 rows for these SKUs, with the activity's title. */
export function runningDiscounts(db: DbOrTx, skuIds: number[], now: Date) {
  if (!skuIds.length) return Promise.resolve([]);
  return hotRows<ActivitySkuRow & { title: string }>(
    db,
    sql`SELECT s.activity_id, s.sku_id, s.goods_id, s.price_fen, s.percent, s.stock, s.sold, s.returned, s.sort, a.title
        FROM activity_skus s JOIN activities a ON a.id = s.activity_id
        WHERE a.kind = 'TIME_DISCOUNT' AND a.status = 'SCHEDULED' AND a.starts_at <= ${at(now)}::timestamptz
          AND a.ends_at > ${at(now)}::timestamptz
          AND s.sku_id IN (${sql.join(skuIds.map((id) => sql`${id}`), sql`, `)})`,
  );
}

export async function findSku(db: DbOrTx, activityId: number, skuId: number): Promise<ActivitySkuRow | undefined> {
  const [row] = await rows<ActivitySkuRow>(db, sql`SELECT * FROM activity_skus WHERE activity_id = ${activityId} AND sku_id = ${skuId}`);
  return row;
}

/**
 * The member's turn for this activity until the transaction ends: one member's simultaneous orders
 * meet the limit one after another (a transaction-scoped advisory lock on (activity, member)).
 */
export async function memberTurn(tx: DbOrTx, activityId: number, memberId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${activityId}, hashtext(${memberId}))`);
}

/**
 * Takes `quantity` units of a running 秒杀's SKU (stock − n, sold + n) by one conditional update:
 * never below zero, only while it runs. Undefined when there were not enough; else the units left
 * and the window (for the sold-out mark).
 */
export async function takeUnits(tx: DbOrTx, o: { activityId: number; skuId: number; quantity: number }, now: Date) {
  const [row] = await rows<{ stock: number; starts_at: Date | string; ends_at: Date | string }>(
    tx,
    sql`UPDATE activity_skus s SET stock = s.stock - ${o.quantity}, sold = s.sold + ${o.quantity}
        FROM activities a
        WHERE s.activity_id = ${o.activityId} AND s.sku_id = ${o.skuId} AND s.stock >= ${o.quantity}
          AND a.id = s.activity_id AND a.status = 'SCHEDULED' AND a.ends_at > ${at(now)}::timestamptz
        RETURNING s.stock, a.starts_at, a.ends_at`,
  );
  return row;
}

export async function insertHold(tx: DbOrTx, h: { orderNo: string; activityId: number; skuId: number; memberId: string; quantity: number }) {
  await tx.execute(
    sql`INSERT INTO activity_holds (order_no, activity_id, sku_id, member_id, quantity)
        VALUES (${h.orderNo}, ${h.activityId}, ${h.skuId}, ${h.memberId}, ${h.quantity})`,
  );
}

/** An order's holds marked returned, once (a conditional update): what they held. */
export function returnHolds(tx: DbOrTx, orderNo: string) {
  return rows<{ activity_id: number; sku_id: number; quantity: number }>(
    tx,
    sql`UPDATE activity_holds SET status = 'RETURNED', returned_at = now()
        WHERE order_no = ${orderNo} AND status = 'HELD' RETURNING activity_id, sku_id, quantity`,
  );
}

/** The activity locked when it is a scheduled one still running (units may go back to it); else undefined. */
export async function lockRunning(tx: DbOrTx, activityId: number, now: Date) {
  const [row] = await rows<{ id: number; starts_at: Date | string; ends_at: Date | string }>(
    tx,
    sql`SELECT id, starts_at, ends_at FROM activities
        WHERE id = ${activityId} AND status = 'SCHEDULED' AND ends_at > ${at(now)}::timestamptz FOR UPDATE`,
  );
  return row;
}

/** Sold units back on sale in the activity (stock + n, sold − n); the units now left. */
export async function unitsBackOnSale(tx: DbOrTx, activityId: number, skuId: number, units: number): Promise<number> {
  const [row] = await rows<{ stock: number }>(
    tx,
    sql`UPDATE activity_skus SET stock = stock + ${units}, sold = sold - ${units}
        WHERE activity_id = ${activityId} AND sku_id = ${skuId} RETURNING stock`,
  );
  return row?.stock ?? 0;
}

/** Sold units that stay in the goods' stock (sold − n, returned + n): after the end, or refunded. */
export async function soldUnitsReturned(tx: DbOrTx, activityId: number, skuId: number, units: number) {
  await tx.execute(
    sql`UPDATE activity_skus SET sold = sold - ${units}, returned = returned + ${units}
        WHERE activity_id = ${activityId} AND sku_id = ${skuId} AND sold >= ${units}`,
  );
}

/**
 * Brings an order's held units of a SKU down to `held` (a refund before shipment: the order's line
 * keeps quantity − refunded). A compare-and-set on the hold: a repeated or concurrent refund event
 * finds it already there and moves nothing. Returns what was moved (0 when nothing).
 */
export async function shrinkHold(tx: DbOrTx, o: { orderNo: string; skuId: number; held: number }) {
  const [row] = await rows<{ activity_id: number; quantity: number }>(
    tx,
    sql`SELECT activity_id, quantity FROM activity_holds
        WHERE order_no = ${o.orderNo} AND sku_id = ${o.skuId} AND status = 'HELD' FOR UPDATE`,
  );
  if (!row || row.quantity <= o.held) return { activityId: row?.activity_id, moved: 0 };
  const done = await rows<{ activity_id: number }>(
    tx,
    o.held > 0
      ? sql`UPDATE activity_holds SET quantity = ${o.held}
            WHERE order_no = ${o.orderNo} AND sku_id = ${o.skuId} AND status = 'HELD' AND quantity = ${row.quantity}
            RETURNING activity_id`
      : sql`UPDATE activity_holds SET status = 'RETURNED', returned_at = now()
            WHERE order_no = ${o.orderNo} AND sku_id = ${o.skuId} AND status = 'HELD' AND quantity = ${row.quantity}
            RETURNING activity_id`,
  );
  return { activityId: row.activity_id, moved: done.length ? row.quantity - o.held : 0 };
}

/** The notification channel of 秒杀 stock (sold-out-marks.ts); NOTIFY is delivered on commit. */
export const STOCK_CHANNEL = 'activity_stock';

export async function notifyStock(tx: DbOrTx, payload: object) {
  await tx.execute(sql`SELECT pg_notify(${STOCK_CHANNEL}, ${JSON.stringify(payload)})`);
}

/** 秒杀 SKUs whose session has not ended and whose units are all taken: the sold-out marks. */
export function soldOutSkus(db: DbOrTx) {
  return rows<{ activity_id: number; sku_id: number; starts_at: Date | string; ends_at: Date | string }>(
    db,
    sql`SELECT s.activity_id, s.sku_id, a.starts_at, a.ends_at FROM activity_skus s JOIN activities a ON a.id = s.activity_id
        WHERE a.kind = 'FLASH_SALE' AND a.status = 'SCHEDULED' AND a.ends_at > now() AND s.stock = 0`,
  );
}
