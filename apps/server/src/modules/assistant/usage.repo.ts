import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';

/** The console's figures of the assistant: questions per day, tools called, answers rated 👎. */

export async function questionsPerDay(db: DbOrTx, since: Date) {
  return rows<{ day: string; questions: number; members: number; failed: number; stopped: number; thumbs_up: number; thumbs_down: number }>(
    db,
    sql`SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day,
        count(*)::int AS questions, count(DISTINCT member_id)::int AS members,
        count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'stopped')::int AS stopped,
        count(*) FILTER (WHERE feedback = 1)::int AS thumbs_up, count(*) FILTER (WHERE feedback = -1)::int AS thumbs_down
      FROM assistant_messages WHERE role = 'assistant' AND created_at >= ${since.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`,
  );
}

export async function toolsCalled(db: DbOrTx, since: Date) {
  return rows<{ tool: string; calls: number; failed: number; avg_ms: number; max_ms: number }>(
    db,
    sql`SELECT tool, count(*)::int AS calls, count(*) FILTER (WHERE NOT ok)::int AS failed,
        round(avg(ms))::int AS avg_ms, max(ms)::int AS max_ms
      FROM assistant_tool_calls WHERE created_at >= ${since.toISOString()}::timestamptz
      GROUP BY tool ORDER BY calls DESC, tool`,
  );
}

export async function thumbsDownPage(db: DbOrTx, since: Date, offset: number, limit: number) {
  const list = await rows<{ id: string; question: string | null; answer: string; provider: string | null; status: string; created_at: Date | string }>(
    db,
    sql`SELECT a.id, q.content AS question, a.content AS answer, a.provider, a.status, a.created_at
      FROM assistant_messages a LEFT JOIN assistant_messages q ON q.id = a.reply_to
      JOIN assistant_sessions s ON s.id = a.session_id AND s.deleted_at IS NULL
      WHERE a.role = 'assistant' AND a.feedback = -1 AND a.created_at >= ${since.toISOString()}::timestamptz
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM assistant_messages a JOIN assistant_sessions s ON s.id = a.session_id AND s.deleted_at IS NULL
      WHERE a.role = 'assistant' AND a.feedback = -1 AND a.created_at >= ${since.toISOString()}::timestamptz`,
  );
  return { list, total: count?.n ?? 0 };
}
