import { sql, type SQL } from 'drizzle-orm';
import type { PointsReason } from '@mall/shared';
import { rows, type DbOrTx } from '../../lib/db.ts';

/** SQL of the points tables (migration 0061); nothing else reads or writes them. */

export interface AccountRow {
  balance: number;
  credited: number;
  debited: number;
}

export async function ensureAccount(tx: DbOrTx, memberId: string) {
  await tx.execute(sql`INSERT INTO points_accounts (member_id) VALUES (${memberId}) ON CONFLICT DO NOTHING`);
}

export async function account(db: DbOrTx, memberId: string): Promise<AccountRow | undefined> {
  const [row] = await rows<AccountRow>(
    db,
    sql`SELECT balance, credited, debited FROM points_accounts WHERE member_id = ${memberId}`,
  );
  return row;
}

/** The account row locked until the transaction ends (the balance cannot move meanwhile). */
export async function lockAccount(tx: DbOrTx, memberId: string): Promise<AccountRow> {
  await ensureAccount(tx, memberId);
  const [row] = await rows<AccountRow>(
    tx,
    sql`SELECT balance, credited, debited FROM points_accounts WHERE member_id = ${memberId} FOR UPDATE`,
  );
  return row!;
}

/** Moves the balance by `amount` unless that would take it below zero: the new balance, or undefined. */
export async function moveBalance(tx: DbOrTx, memberId: string, amount: number): Promise<number | undefined> {
  const [row] = await rows<{ balance: number }>(
    tx,
    sql`UPDATE points_accounts
        SET balance = balance + ${amount},
            credited = credited + ${Math.max(amount, 0)},
            debited = debited + ${Math.max(-amount, 0)},
            updated_at = now()
        WHERE member_id = ${memberId} AND balance + ${amount} >= 0
        RETURNING balance`,
  );
  return row?.balance;
}

export interface NewLedgerRow {
  memberId: string;
  amount: number;
  balanceAfter: number;
  reason: PointsReason;
  orderNo?: string | null;
  taskKey?: string | null;
  earnedYear: number | null;
  note?: string;
  operator?: string | null;
  /** When it happened (the demo data's history); now by default. */
  createdAt?: Date;
}

export async function insertLedger(tx: DbOrTx, r: NewLedgerRow): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO points_ledger (member_id, amount, balance_after, reason, order_no, task_key, earned_year, note, operator, created_at)
        VALUES (${r.memberId}, ${r.amount}, ${r.balanceAfter}, ${r.reason}, ${r.orderNo ?? null}, ${r.taskKey ?? null},
                ${r.earnedYear}, ${r.note ?? ''}, ${r.operator ?? null}, ${(r.createdAt ?? new Date()).toISOString()})
        RETURNING id`,
  );
  return row!.id;
}

/** Points credited to a member in years up to `year` (what may expire by then). */
export async function creditedUpTo(db: DbOrTx, memberId: string, year: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT coalesce(sum(amount), 0)::int AS n FROM points_ledger
        WHERE member_id = ${memberId} AND amount > 0 AND earned_year <= ${year}`,
  );
  return row!.n;
}

export interface LedgerFilter {
  memberId: string;
  type: 'ALL' | 'IN' | 'OUT';
  reason?: PointsReason;
  from?: Date;
  to?: Date;
}

export interface LedgerRow {
  id: number;
  amount: number;
  balance_after: number;
  reason: PointsReason;
  order_no: string | null;
  task_key: string | null;
  note: string;
  created_at: Date | string;
}

export async function ledgerPage(db: DbOrTx, f: LedgerFilter, pageNum: number, pageSize: number) {
  const where: SQL[] = [sql`member_id = ${f.memberId}`];
  if (f.type === 'IN') where.push(sql`amount > 0`);
  if (f.type === 'OUT') where.push(sql`amount < 0`);
  if (f.reason) where.push(sql`reason = ${f.reason}`);
  if (f.from) where.push(sql`created_at >= ${f.from.toISOString()}`);
  if (f.to) where.push(sql`created_at < ${f.to.toISOString()}`);
  const w = sql.join(where, sql` AND `);
  const [list, [total]] = await Promise.all([
    rows<LedgerRow>(
      db,
      sql`SELECT id, amount, balance_after, reason, order_no, task_key, note, created_at FROM points_ledger
          WHERE ${w} ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM points_ledger WHERE ${w}`),
  ]);
  return { list, total: total!.n };
}

/* ---- 签到 ---- */

export async function lastSignDay(db: DbOrTx, memberId: string, onOrBefore: string) {
  const [row] = await rows<{ day: string; streak: number; points: number }>(
    db,
    sql`SELECT day::text AS day, streak, points FROM points_sign_days
        WHERE member_id = ${memberId} AND day <= ${onOrBefore}::date ORDER BY day DESC LIMIT 1`,
  );
  return row;
}

/** The day's one 签到: false when the member already signed that day (another tap got there first). */
/** Whether the member has any ledger row (the demo data writes a history only into an empty one). */
export async function hasLedger(db: DbOrTx, memberId: string): Promise<boolean> {
  const found = await rows<{ id: number }>(db, sql`SELECT id FROM points_ledger WHERE member_id = ${memberId} LIMIT 1`);
  return found.length > 0;
}

export async function insertSignDay(tx: DbOrTx, r: { memberId: string; day: string; streak: number; points: number }) {
  const made = await rows<{ day: string }>(
    tx,
    sql`INSERT INTO points_sign_days (member_id, day, streak, points) VALUES (${r.memberId}, ${r.day}::date, ${r.streak}, ${r.points})
        ON CONFLICT DO NOTHING RETURNING day::text AS day`,
  );
  return made.length === 1;
}

export function signDaysBetween(db: DbOrTx, memberId: string, from: string, to: string) {
  return rows<{ day: string; streak: number; points: number }>(
    db,
    sql`SELECT day::text AS day, streak, points FROM points_sign_days
        WHERE member_id = ${memberId} AND day >= ${from}::date AND day < ${to}::date ORDER BY day`,
  );
}

/* ---- tasks ---- */

export function completions(db: DbOrTx, memberId: string) {
  return rows<{ task_key: string; points: number; created_at: Date | string }>(
    db,
    sql`SELECT task_key, points, created_at FROM points_task_completions WHERE member_id = ${memberId}`,
  );
}

/** The task's one completion (首单 with the order that earned it): false when it was already recorded. */
export async function insertCompletion(tx: DbOrTx, memberId: string, taskKey: string, points: number, orderNo: string | null = null) {
  const made = await rows<{ task_key: string }>(
    tx,
    sql`INSERT INTO points_task_completions (member_id, task_key, points, order_no) VALUES (${memberId}, ${taskKey}, ${points}, ${orderNo})
        ON CONFLICT DO NOTHING RETURNING task_key`,
  );
  return made.length === 1;
}

/** The task's completion if this order earned it, taken away (the task is open again): its points, or null. */
export async function removeCompletionEarnedBy(tx: DbOrTx, memberId: string, taskKey: string, orderNo: string) {
  const [row] = await rows<{ points: number }>(
    tx,
    sql`DELETE FROM points_task_completions WHERE member_id = ${memberId} AND task_key = ${taskKey} AND order_no = ${orderNo}
        RETURNING points`,
  );
  return row ? row.points : null;
}

/* ---- orders ---- */

/** The order's one earning: false when it was already recorded. */
export async function insertEarning(tx: DbOrTx, r: { orderNo: string; memberId: string; baseFen: number; earned: number }) {
  const made = await rows<{ order_no: string }>(
    tx,
    sql`INSERT INTO points_order_earnings (order_no, member_id, base_fen, earned)
        VALUES (${r.orderNo}, ${r.memberId}, ${r.baseFen}, ${r.earned})
        ON CONFLICT DO NOTHING RETURNING order_no`,
  );
  return made.length === 1;
}

export async function lockEarning(tx: DbOrTx, orderNo: string) {
  const [row] = await rows<{ member_id: string; base_fen: number; earned: number; refunded_fen: number; clawed_back: number }>(
    tx,
    sql`SELECT member_id, base_fen, earned, refunded_fen, clawed_back FROM points_order_earnings WHERE order_no = ${orderNo} FOR UPDATE`,
  );
  return row;
}

export async function recordClawback(tx: DbOrTx, orderNo: string, refundedFen: number, clawedBack: number) {
  await tx.execute(
    sql`UPDATE points_order_earnings SET refunded_fen = ${refundedFen}, clawed_back = ${clawedBack}, updated_at = now()
        WHERE order_no = ${orderNo}`,
  );
}

/* ---- expiry ---- */

/** Members holding points credited in years up to `year` and not yet used (at most `limit`). */
export async function membersWithExpired(db: DbOrTx, year: number, limit: number): Promise<string[]> {
  const found = await rows<{ member_id: string }>(
    db,
    sql`SELECT a.member_id FROM points_accounts a
        WHERE a.balance > 0
          AND (SELECT coalesce(sum(l.amount), 0) FROM points_ledger l
               WHERE l.member_id = a.member_id AND l.amount > 0 AND l.earned_year <= ${year}) > a.debited
        LIMIT ${limit}`,
  );
  return found.map((r) => r.member_id);
}

/* ---- points spent at checkout (migration 0062) ---- */

export async function insertSpend(tx: DbOrTx, r: { orderNo: string; memberId: string; points: number; valueFen: number }) {
  await tx.execute(
    sql`INSERT INTO points_order_spends (order_no, member_id, points, value_fen)
        VALUES (${r.orderNo}, ${r.memberId}, ${r.points}, ${r.valueFen})`,
  );
}

/** Marks an order's held spend returned, once: the row this call returned, or undefined. */
export async function returnSpend(tx: DbOrTx, orderNo: string) {
  const [row] = await rows<{ member_id: string; points: number }>(
    tx,
    sql`UPDATE points_order_spends SET status = 'RETURNED', returned_at = now()
        WHERE order_no = ${orderNo} AND status = 'HELD' RETURNING member_id, points`,
  );
  return row;
}
