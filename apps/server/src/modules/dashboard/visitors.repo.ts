import { rows, sql, type DbOrTx } from '../../lib/db.ts';

/** SQL of goods_visitors (migration 0044): who opened a goods page, per Asia/Shanghai day. */

export interface VisitRow {
  day: string;
  /** 64-bit hash, as decimal text. */
  visitor: string;
  firstAt: Date;
  views: number;
}

const INT4_MAX = 2_147_483_647;

/**
 * Adds a batch of visits of one day: a new visitor-day (with the visitor's previous day), or more
 * views and the earlier first view. Days are written in order, so a day finds the one before it.
 */
export async function addVisits(db: DbOrTx, day: string, batch: VisitRow[]) {
  if (!batch.length) return;
  const values = sql.join(
    batch.map(
      (v) => sql`(${v.visitor}::bigint, ${v.firstAt.toISOString()}::timestamptz, ${Math.min(v.views, INT4_MAX)}::int)`,
    ),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO goods_visitors AS g (view_date, visitor, first_at, views, prev_date)
    SELECT ${day}::date, v.visitor, v.first_at, v.views,
      (SELECT max(p.view_date) FROM goods_visitors p WHERE p.visitor = v.visitor AND p.view_date < ${day}::date)
    FROM (VALUES ${values}) AS v(visitor, first_at, views)
    ON CONFLICT (view_date, visitor) DO UPDATE SET
      views = LEAST(g.views::bigint + EXCLUDED.views, ${INT4_MAX})::int,
      first_at = LEAST(g.first_at, EXCLUDED.first_at)`);
}

/**
 * Distinct visitors with a goods page in [from, to), `from` being the midnight that starts
 * `fromDay`: each is counted by the row of their first day in the period (prev_date before it).
 */
export async function countVisitors(db: DbOrTx, from: Date, to: Date, fromDay: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM goods_visitors
        WHERE first_at >= ${from.toISOString()}::timestamptz AND first_at < ${to.toISOString()}::timestamptz
          AND (prev_date IS NULL OR prev_date < ${fromDay}::date)`,
  );
  return Number(row?.n ?? 0);
}

/** Forgets the visitor-days before `beforeDay` (YYYY-MM-DD). */
export async function pruneVisits(db: DbOrTx, beforeDay: string) {
  await db.execute(sql`DELETE FROM goods_visitors WHERE view_date < ${beforeDay}::date`);
}
