import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../../lib/db.ts';

/**
 * The SQL of assistant_mcp_calls: each call of a buyer's agent, counted by the limits and, for the
 * console, per Asia/Shanghai day and per tool. A call is written `ok = false, ms = 0` when it is let
 * through and gets its outcome when it ends, so one that never ended counts as failed.
 */

export async function callsSince(db: DbOrTx, memberId: string, minuteAgo: Date, dayStart: Date) {
  const [row] = await rows<{ minute: number; day: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE created_at > ${minuteAgo.toISOString()}::timestamptz)::int AS minute,
          count(*)::int AS day
        FROM assistant_mcp_calls
        WHERE member_id = ${memberId} AND created_at >= ${dayStart.toISOString()}::timestamptz`,
  );
  return { minute: row?.minute ?? 0, day: row?.day ?? 0 };
}

export async function insertCall(db: DbOrTx, p: { memberId: string; tool: string; args: unknown; at: Date }) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO assistant_mcp_calls (member_id, tool, args, created_at)
        VALUES (${p.memberId}, ${p.tool}, ${JSON.stringify(p.args ?? {})}::jsonb, ${p.at.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return Number(row!.id);
}

export async function finishCall(db: DbOrTx, id: number, p: { resultSize: number; ms: number; ok: boolean }) {
  await db.execute(
    sql`UPDATE assistant_mcp_calls SET result_size = ${p.resultSize}, ms = ${p.ms}, ok = ${p.ok} WHERE id = ${id}`,
  );
}

export async function callsPerDay(db: DbOrTx, since: Date) {
  return rows<{ day: string; calls: number; members: number; failed: number }>(
    db,
    sql`SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day,
          count(*)::int AS calls, count(DISTINCT member_id)::int AS members, count(*) FILTER (WHERE NOT ok)::int AS failed
        FROM assistant_mcp_calls WHERE created_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1 ORDER BY 1`,
  );
}

export async function callsPerTool(db: DbOrTx, since: Date) {
  return rows<{ tool: string; calls: number; failed: number; avg_ms: number; max_ms: number }>(
    db,
    sql`SELECT tool, count(*)::int AS calls, count(*) FILTER (WHERE NOT ok)::int AS failed,
          round(avg(ms))::int AS avg_ms, max(ms)::int AS max_ms
        FROM assistant_mcp_calls WHERE created_at >= ${since.toISOString()}::timestamptz
        GROUP BY tool ORDER BY calls DESC, tool`,
  );
}
