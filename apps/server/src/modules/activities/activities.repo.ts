import { sql, type SQL } from 'drizzle-orm';
import type { ActivityKind, ActivityStatus } from '@mall/shared';
import { rows, type DbOrTx } from '../../lib/db.ts';
import type { DiscountRule } from './activity-rules.ts';

/** SQL of the activity tables (migration 0070); nothing else reads or writes them. */

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
