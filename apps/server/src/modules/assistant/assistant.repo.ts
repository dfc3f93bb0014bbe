import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';

/**
 * SQL of the assistant's sessions and messages. Every read and write of a member's conversation is
 * scoped by member_id in the statement itself, so another member's id simply finds nothing.
 */

export interface SessionRow {
  id: string;
  title: string;
  context: { goodsId?: number; keyword?: string } | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface MessageRow {
  id: string;
  session_id: string;
  role: 'user' | 'assistant';
  content: string;
  parts: unknown[];
  status: 'streaming' | 'done' | 'stopped' | 'failed';
  provider: string | null;
  label: string | null;
  feedback: number | null;
  reply_to: string | null;
  created_at: Date | string;
}

export async function insertSession(db: DbOrTx, memberId: string, title: string, context: SessionRow['context']) {
  const [row] = await rows<SessionRow>(
    db,
    sql`INSERT INTO assistant_sessions (member_id, title, context)
      VALUES (${memberId}, ${title}, ${context === null ? null : JSON.stringify(context)}::jsonb)
      RETURNING id, title, context, created_at, updated_at`,
  );
  return row!;
}

export async function findSession(db: DbOrTx, memberId: string, sessionId: string) {
  const [row] = await rows<SessionRow>(
    db,
    sql`SELECT id, title, context, created_at, updated_at FROM assistant_sessions
      WHERE id = ${sessionId} AND member_id = ${memberId} AND deleted_at IS NULL`,
  );
  return row;
}

export async function sessionPage(db: DbOrTx, memberId: string, offset: number, limit: number) {
  const list = await rows<SessionRow>(
    db,
    sql`SELECT id, title, context, created_at, updated_at FROM assistant_sessions
      WHERE member_id = ${memberId} AND deleted_at IS NULL
      ORDER BY updated_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM assistant_sessions WHERE member_id = ${memberId} AND deleted_at IS NULL`,
  );
  return { list, total: count?.n ?? 0 };
}

export async function renameSession(db: DbOrTx, memberId: string, sessionId: string, title: string) {
  const done = await rows<{ id: string }>(
    db,
    sql`UPDATE assistant_sessions SET title = ${title}, updated_at = now()
      WHERE id = ${sessionId} AND member_id = ${memberId} AND deleted_at IS NULL RETURNING id`,
  );
  return done.length > 0;
}

/**
 * A session in use moves to the top of the list; `naming` gives it the first question as its title when
 * it is the session's first and the buyer has not named it yet (its title is still the placeholder).
 */
export async function touchSession(db: DbOrTx, sessionId: string, naming?: { title: string; placeholder: string }) {
  const title = naming
    ? sql`CASE WHEN title = ${naming.placeholder}
        AND NOT EXISTS (SELECT 1 FROM assistant_messages WHERE session_id = ${sessionId} AND role = 'user')
        THEN ${naming.title} ELSE title END`
    : sql`title`;
  await db.execute(sql`UPDATE assistant_sessions SET updated_at = now(), title = ${title} WHERE id = ${sessionId}`);
}

/**
 * The session is kept marked deleted, so that the console's counts of questions stay true, but what the
 * buyer wrote and was answered goes: a buyer who deletes a conversation expects its words gone.
 */
export async function deleteSession(db: DbOrTx, memberId: string, sessionId: string) {
  const done = await rows<{ id: string }>(
    db,
    sql`UPDATE assistant_sessions SET deleted_at = now(), title = '已删除', context = NULL
      WHERE id = ${sessionId} AND member_id = ${memberId} AND deleted_at IS NULL RETURNING id`,
  );
  if (!done.length) return false;
  await db.execute(sql`UPDATE assistant_messages SET content = '', parts = '[]'::jsonb WHERE session_id = ${sessionId} AND member_id = ${memberId}`);
  return true;
}

// Messages take clock_timestamp(): a question and its answer are written in one transaction, whose
// now() is the same for both, and the conversation is ordered by time.
const MESSAGE_COLUMNS = sql.raw(
  'id, session_id, role, content, parts, status, provider, label, feedback, reply_to, created_at',
);

export async function sessionMessages(db: DbOrTx, memberId: string, sessionId: string) {
  return rows<MessageRow>(
    db,
    // an answer sits right after its question, also when it was regenerated after later messages
    sql`SELECT m.id, m.session_id, m.role, m.content, m.parts, m.status, m.provider, m.label, m.feedback, m.reply_to, m.created_at
      FROM assistant_messages m LEFT JOIN assistant_messages q ON q.id = m.reply_to
      WHERE m.session_id = ${sessionId} AND m.member_id = ${memberId}
      ORDER BY coalesce(q.created_at, m.created_at), m.role = 'assistant', m.created_at, m.id`,
  );
}

/** A member's message in a session that is not deleted. */
export async function findMessage(db: DbOrTx, memberId: string, messageId: string) {
  const [row] = await rows<MessageRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM assistant_messages m
      WHERE m.id = ${messageId} AND m.member_id = ${memberId}
        AND EXISTS (SELECT 1 FROM assistant_sessions s WHERE s.id = m.session_id AND s.deleted_at IS NULL)`,
  );
  return row;
}

export async function insertUserMessage(db: DbOrTx, p: { sessionId: string; memberId: string; content: string }) {
  const [row] = await rows<MessageRow>(
    db,
    sql`INSERT INTO assistant_messages (session_id, member_id, role, content, status, created_at)
      VALUES (${p.sessionId}, ${p.memberId}, 'user', ${p.content}, 'done', clock_timestamp()) RETURNING ${MESSAGE_COLUMNS}`,
  );
  return row!;
}

export async function insertAnswer(
  db: DbOrTx,
  p: { sessionId: string; memberId: string; replyTo: string; provider: string; label: string },
) {
  const [row] = await rows<MessageRow>(
    db,
    sql`INSERT INTO assistant_messages (session_id, member_id, role, status, provider, label, reply_to, created_at)
      VALUES (${p.sessionId}, ${p.memberId}, 'assistant', 'streaming', ${p.provider}, ${p.label}, ${p.replyTo}, clock_timestamp())
      RETURNING ${MESSAGE_COLUMNS}`,
  );
  return row!;
}

export async function finishAnswer(
  db: DbOrTx,
  p: { messageId: string; content: string; parts: unknown[]; status: 'done' | 'stopped' | 'failed'; tokens: number },
) {
  await db.execute(
    sql`UPDATE assistant_messages SET content = ${p.content}, parts = ${JSON.stringify(p.parts)}::jsonb,
      status = ${p.status}, tokens = ${p.tokens} WHERE id = ${p.messageId}`,
  );
}

/** Regenerating: the earlier answers to this question go, the new one takes their place. */
export async function deleteAnswersTo(db: DbOrTx, memberId: string, userMessageId: string) {
  await db.execute(
    sql`DELETE FROM assistant_messages WHERE reply_to = ${userMessageId} AND member_id = ${memberId} AND role = 'assistant'`,
  );
}

/**
 * The messages before a question, newest last, for the provider's memory of the conversation. A question
 * and its answer are written moments apart and may carry the same time (PGlite's clock ticks in whole
 * milliseconds), so an answer counts as newer than a question of the same moment, as in the session's list.
 */
export async function historyBefore(db: DbOrTx, sessionId: string, before: Date | string, limit: number) {
  const list = await rows<{ role: 'user' | 'assistant'; content: string }>(
    db,
    sql`SELECT role, content FROM assistant_messages
      WHERE session_id = ${sessionId} AND created_at < ${new Date(before).toISOString()}::timestamptz AND content <> ''
      ORDER BY created_at DESC, role = 'assistant' DESC, id DESC LIMIT ${limit}`,
  );
  return list.reverse();
}

export async function setFeedback(db: DbOrTx, memberId: string, messageId: string, value: 1 | -1 | null) {
  await db.execute(
    sql`UPDATE assistant_messages SET feedback = ${value} WHERE id = ${messageId} AND member_id = ${memberId}`,
  );
}

/**
 * Answers a member was given, in the last minute and since the start of the day, with the day's tokens:
 * what the per-minute and per-day limits count (one read for both).
 */
export async function answerCounts(db: DbOrTx, memberId: string, minuteAgo: Date, dayStart: Date) {
  const since = minuteAgo < dayStart ? minuteAgo : dayStart;
  const [row] = await rows<{ minute: number; today: number; tokens: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE created_at >= ${minuteAgo.toISOString()}::timestamptz)::int AS minute,
        count(*) FILTER (WHERE created_at >= ${dayStart.toISOString()}::timestamptz)::int AS today,
        coalesce(sum(tokens) FILTER (WHERE created_at >= ${dayStart.toISOString()}::timestamptz), 0)::int AS tokens
      FROM assistant_messages
      WHERE member_id = ${memberId} AND role = 'assistant' AND created_at >= ${since.toISOString()}::timestamptz`,
  );
  return { lastMinute: row?.minute ?? 0, today: row?.today ?? 0, tokensToday: row?.tokens ?? 0 };
}

export async function insertToolCall(
  db: DbOrTx,
  p: { memberId: string; sessionId: string; messageId: string; tool: string; args: unknown; resultSize: number; ms: number; ok: boolean },
) {
  await db.execute(
    sql`INSERT INTO assistant_tool_calls (member_id, session_id, message_id, tool, args, result_size, ms, ok)
      VALUES (${p.memberId}, ${p.sessionId}, ${p.messageId}, ${p.tool}, ${JSON.stringify(p.args ?? {})}::jsonb,
        ${p.resultSize}, ${p.ms}, ${p.ok})`,
  );
}

/**
 * The cards of the latest answer before a question that showed goods: what "the first one" refers to,
 * also after an answer in between that showed none.
 */
export async function lastAnswerParts(db: DbOrTx, sessionId: string, before: Date | string) {
  const [row] = await rows<{ parts: unknown[] }>(
    db,
    sql`SELECT parts FROM assistant_messages
      WHERE session_id = ${sessionId} AND role = 'assistant' AND created_at < ${new Date(before).toISOString()}::timestamptz
        AND (parts @> '[{"kind":"goods"}]'::jsonb OR parts @> '[{"kind":"compare"}]'::jsonb)
      ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row?.parts ?? [];
}

/**
 * A stop asked on a server process that does not stream the answer: the row is marked, and the process
 * that streams it sees the mark (it looks once a second). False when the answer is no longer running.
 */
export async function markStopRequested(db: DbOrTx, memberId: string, messageId: string) {
  const done = await rows<{ id: string }>(
    db,
    sql`UPDATE assistant_messages SET status = 'stopped'
      WHERE id = ${messageId} AND member_id = ${memberId} AND status = 'streaming' RETURNING id`,
  );
  return done.length > 0;
}

export async function answerStatus(db: DbOrTx, messageId: string) {
  const [row] = await rows<{ status: MessageRow['status'] }>(db, sql`SELECT status FROM assistant_messages WHERE id = ${messageId}`);
  return row?.status;
}
