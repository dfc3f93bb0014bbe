/** Helpers of the points tests: the rows a refused request must leave as they were, and days moved into the past. */
import { rows, sql } from '../../lib/db.ts';
import { dbOf, type TestServer } from '../../test/kit/index.ts';

/** Everything the points tables hold for a member (balance, ledger, 签到, tasks, earnings). */
export async function pointsState(server: TestServer, memberId: string) {
  const db = dbOf(server);
  return {
    account: await rows(db, sql`SELECT balance, credited, debited FROM points_accounts WHERE member_id = ${memberId}`),
    ledger: await rows(db, sql`SELECT id, amount, balance_after, reason FROM points_ledger WHERE member_id = ${memberId} ORDER BY id`),
    days: await rows(db, sql`SELECT day::text, streak, points FROM points_sign_days WHERE member_id = ${memberId} ORDER BY day`),
    tasks: await rows(db, sql`SELECT task_key, points FROM points_task_completions WHERE member_id = ${memberId} ORDER BY task_key`),
    earnings: await rows(db, sql`SELECT * FROM points_order_earnings WHERE member_id = ${memberId} ORDER BY order_no`),
  };
}

/** Writes past 签到 days (streak counted from the first) straight to the table. */
export async function signedDays(server: TestServer, memberId: string, days: string[], points = 5) {
  for (const [i, day] of days.entries()) {
    await dbOf(server).execute(
      sql`INSERT INTO points_sign_days (member_id, day, streak, points) VALUES (${memberId}, ${day}::date, ${i + 1}, ${points})`,
    );
  }
}

export async function ledgerOf(server: TestServer, memberId: string) {
  return rows<{ amount: number; balance_after: number; reason: string; order_no: string | null; earned_year: number | null }>(
    dbOf(server),
    sql`SELECT amount, balance_after, reason, order_no, earned_year FROM points_ledger WHERE member_id = ${memberId} ORDER BY id`,
  );
}

/** The balance must be the ledger's sum, and never below zero. */
export async function ledgerSum(server: TestServer, memberId: string) {
  const [row] = await rows<{ sum: number; balance: number | null }>(
    dbOf(server),
    sql`SELECT coalesce((SELECT sum(amount) FROM points_ledger WHERE member_id = ${memberId}), 0)::int AS sum,
               (SELECT balance FROM points_accounts WHERE member_id = ${memberId}) AS balance`,
  );
  return { sum: row!.sum, balance: row!.balance ?? 0 };
}
