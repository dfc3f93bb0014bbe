import {
  Code,
  POINTS_REASONS,
  POINTS_TASK_KEYS,
  POINTS_TASKS,
  formatFen,
  type PointsBalance,
  type PointsLedgerEntry,
  type PointsLedgerPage,
  type PointsReason,
  type PointsRules,
  type PointsTask,
  type PointsTaskKey,
  type SignInCalendar,
  type SignInResult,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { currentMember } from '../accounts/accounts.service.ts';
import {
  clawbackFor,
  currentStreak,
  expiringSoon,
  monthRange,
  nextBonus,
  nextStreak,
  pointsForPaid,
  shanghaiDay,
  shanghaiYear,
  signInReward,
} from './points-rules.ts';
import { pointsSettingsOf, type PointsSettings } from './points-settings.ts';
import * as repo from './points.repo.ts';

/**
 * 积分: the ledger and its balance, 签到, tasks, points for completed orders and their clawback, and
 * expiry. Every change goes through changePoints, inside the caller's transaction: one conditional
 * update of the balance (never below zero) and one ledger row with the balance after it.
 */

export const pointsSettings = (db: DbOrTx): Promise<PointsSettings> => pointsSettingsOf({ db });

export interface PointsChange {
  memberId: string;
  /** Positive credits, negative debits; never 0. */
  amount: number;
  reason: PointsReason;
  orderNo?: string | null;
  taskKey?: string | null;
  note?: string;
  operator?: string | null;
  at?: Date;
}

/**
 * Applies one change to a member's points in `tx`: the balance moves by a conditional update and the
 * ledger gets its row. A debit beyond the balance is refused with 108701 and changes nothing, unless
 * `clamp` (a clawback): then it takes what there is (and nothing when the balance is 0).
 * Other domains (checkout, the points mall) spend and return points through this.
 */
export async function changePoints(
  tx: DbOrTx,
  c: PointsChange,
  opts: { clamp?: boolean } = {},
): Promise<{ amount: number; balance: number }> {
  if (!Number.isSafeInteger(c.amount) || c.amount === 0) throw new Error(`points change must be a whole non-zero number`);
  let amount = c.amount;
  if (opts.clamp && amount < 0) {
    const acc = await repo.lockAccount(tx, c.memberId);
    amount = -Math.min(-amount, acc.balance);
    if (amount === 0) return { amount: 0, balance: acc.balance };
  } else {
    await repo.ensureAccount(tx, c.memberId);
  }
  const balance = await repo.moveBalance(tx, c.memberId, amount);
  if (balance === undefined) throw new AppError(Code.POINTS_INSUFFICIENT, '积分不足');
  await repo.insertLedger(tx, {
    memberId: c.memberId,
    amount,
    balanceAfter: balance,
    reason: c.reason,
    orderNo: c.orderNo,
    taskKey: c.taskKey,
    earnedYear: amount > 0 ? shanghaiYear(c.at ?? new Date()) : null,
    note: c.note?.slice(0, 200),
    operator: c.operator,
    createdAt: c.at,
  });
  return { amount, balance };
}

/* ---- balance and ledger ---- */

export async function balanceOf(db: DbOrTx, memberId: string) {
  return (await repo.account(db, memberId))?.balance ?? 0;
}

export async function balance(ctx: AppContext, memberId: string, now = new Date()): Promise<PointsBalance> {
  const [acc, s, signed] = await Promise.all([
    repo.account(ctx.db, memberId),
    pointsSettings(ctx.db),
    repo.lastSignDay(ctx.db, memberId, shanghaiDay(now)),
  ]);
  const year = s.expiryYears > 0 ? shanghaiYear(now) - s.expiryYears : null;
  const credited = acc && year !== null ? await repo.creditedUpTo(ctx.db, memberId, year) : 0;
  const soon = expiringSoon(now, s.expiryYears, () => credited, acc?.debited ?? 0);
  return {
    balance: acc?.balance ?? 0,
    totalEarned: acc?.credited ?? 0,
    totalUsed: acc?.debited ?? 0,
    expiringSoon: { points: soon.points, expiresAt: soon.expiresAt?.toISOString() ?? null },
    signedToday: signed?.day === shanghaiDay(now),
  };
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function presentEntry(r: repo.LedgerRow): PointsLedgerEntry {
  return {
    id: Number(r.id),
    amount: r.amount,
    balanceAfter: r.balance_after,
    reason: r.reason,
    reasonText: POINTS_REASONS[r.reason] ?? '积分变动',
    orderNo: r.order_no,
    taskKey: (r.task_key as PointsTaskKey | null) ?? null,
    note: r.note,
    createdAt: iso(r.created_at),
  };
}

/** A Shanghai day's first instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

export async function ledger(
  ctx: AppContext,
  memberId: string,
  q: { type: 'ALL' | 'IN' | 'OUT'; reason?: PointsReason; from?: string; to?: string; pageNum: number; pageSize: number },
): Promise<PointsLedgerPage> {
  const to = q.to ? new Date(dayStart(q.to).getTime() + 86_400_000) : undefined;
  const { list, total } = await repo.ledgerPage(
    ctx.db,
    { memberId, type: q.type, reason: q.reason, from: q.from ? dayStart(q.from) : undefined, to },
    q.pageNum,
    q.pageSize,
  );
  return { list: list.map(presentEntry), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/* ---- 签到 ---- */

export async function calendar(ctx: AppContext, memberId: string, month: string | undefined, now = new Date()): Promise<SignInCalendar> {
  const today = shanghaiDay(now);
  const m = month ?? today.slice(0, 7);
  const range = monthRange(m);
  const [s, last, days] = await Promise.all([
    pointsSettings(ctx.db),
    repo.lastSignDay(ctx.db, memberId, today),
    repo.signDaysBetween(ctx.db, memberId, range.from, range.to),
  ]);
  const signedToday = last?.day === today;
  const streak = currentStreak(today, last ?? null);
  const todayStreak = signedToday ? streak : streak + 1;
  return {
    month: m,
    today,
    signedToday,
    streak,
    todayPoints: signedToday ? last!.points : signInReward(todayStreak, s).total,
    tomorrowPoints: signInReward(todayStreak + 1, s).total,
    nextBonus: nextBonus(streak, s),
    days,
  };
}

/**
 * Today's 签到 (Asia/Shanghai): one row per member and day, so two taps at the same moment sign once;
 * the second is refused with 108702 and changes nothing.
 */
export async function signIn(ctx: AppContext, memberId: string, now = new Date()): Promise<SignInResult> {
  const today = shanghaiDay(now);
  const s = await pointsSettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const last = await repo.lastSignDay(tx, memberId, today);
    if (last?.day === today) throw new AppError(Code.POINTS_SIGNED_TODAY);
    const streak = nextStreak(today, last ?? null);
    const reward = signInReward(streak, s);
    if (!(await repo.insertSignDay(tx, { memberId, day: today, streak, points: reward.total }))) {
      throw new AppError(Code.POINTS_SIGNED_TODAY);
    }
    let bal = await balanceOf(tx, memberId);
    if (reward.total > 0) {
      const note = reward.bonus ? `连续签到 ${streak} 天，额外奖励 ${reward.bonus} 积分` : `连续签到 ${streak} 天`;
      bal = (await changePoints(tx, { memberId, amount: reward.total, reason: 'SIGN_IN', note, at: now })).balance;
    }
    return { day: today, streak, points: reward.points, bonus: reward.bonus, balance: bal };
  });
}

/* ---- tasks ---- */

/** Grants a task's reward once (a unique row); false when it was already granted. */
export async function grantTask(
  tx: DbOrTx,
  memberId: string,
  key: PointsTaskKey,
  s: PointsSettings,
  orderNo: string | null = null,
): Promise<boolean> {
  const points = s.taskPoints[key];
  if (!(await repo.insertCompletion(tx, memberId, key, points, orderNo))) return false;
  if (points > 0) {
    await changePoints(tx, { memberId, amount: points, reason: 'TASK', taskKey: key, note: POINTS_TASKS[key].title });
  }
  return true;
}

/** Tasks checked from the member's own record: done as soon as it holds what the task asks. */
async function profileTasksMet(ctx: AppContext, memberId: string): Promise<Set<PointsTaskKey>> {
  const m = await currentMember(ctx, memberId);
  const met = new Set<PointsTaskKey>();
  if (m.nickname?.trim() && m.avatar && m.gender && m.gender !== 'unknown' && m.birthday) met.add('PROFILE');
  if (m.mobile) met.add('MOBILE');
  return met;
}

/**
 * The tasks with their state. 完善资料 and 绑定手机 are checked here, when the member looks, and a
 * met one is granted at once (once: the completion row is unique); 首单 is granted when the first
 * order completes (flows/subscribers/points.ts).
 */
export async function tasks(ctx: AppContext, memberId: string): Promise<PointsTask[]> {
  const s = await pointsSettings(ctx.db);
  let done = await repo.completions(ctx.db, memberId);
  const have = new Set(done.map((d) => d.task_key));
  const met = [...(await profileTasksMet(ctx, memberId))].filter((k) => !have.has(k));
  if (met.length) {
    await ctx.db.transaction(async (tx) => {
      for (const key of met) await grantTask(tx, memberId, key, s);
    });
    done = await repo.completions(ctx.db, memberId);
  }
  const byKey = new Map(done.map((d) => [d.task_key, d]));
  return POINTS_TASK_KEYS.map((key) => {
    const d = byKey.get(key);
    return {
      key,
      ...POINTS_TASKS[key],
      points: d ? d.points : s.taskPoints[key],
      state: d ? 'DONE' : 'TODO',
      doneAt: d ? iso(d.created_at) : null,
    };
  });
}

/* ---- rules ---- */

export function rulesText(s: PointsSettings): string[] {
  const lines = [`每日签到可得 ${s.signInPoints} 积分，同一天（北京时间）只能签到一次。`];
  for (const b of s.streakBonuses) lines.push(`连续签到每满 ${b.days} 天，额外奖励 ${b.points} 积分；中断一天则重新计算。`);
  lines.push(
    `完成任务可得积分：完成首单 ${s.taskPoints.FIRST_ORDER} 积分，完善个人资料 ${s.taskPoints.PROFILE} 积分，绑定手机号 ${s.taskPoints.MOBILE} 积分，每项仅限一次。`,
  );
  lines.push(
    s.pointsPerYuan > 0
      ? `订单确认收货后，按实付金额每 1 元得 ${s.pointsPerYuan} 积分（不足 1 元不计）；发生退款时按退款比例扣回。`
      : '购物暂不赠送积分。',
  );
  lines.push(
    `下单时 100 积分可抵扣 ${formatFen(s.fenPer100Points)}，最多抵扣商品金额的 ${s.maxDeductPercent}%；取消订单时退回所用积分。`,
  );
  lines.push(
    s.expiryYears > 0
      ? `积分有效期：获得当年起至第 ${s.expiryYears} 年年底（北京时间 12 月 31 日 24:00），到期未使用的积分将自动清零，先获得的先使用。`
      : '积分长期有效。',
  );
  lines.push('积分不能转让或兑换现金；扣回积分时余额不足的，扣至 0 为止。');
  return lines;
}

export async function rules(ctx: AppContext): Promise<PointsRules> {
  const s = await pointsSettings(ctx.db);
  return {
    signInPoints: s.signInPoints,
    streakBonuses: s.streakBonuses,
    tasks: POINTS_TASK_KEYS.map((key) => ({ key, title: POINTS_TASKS[key].title, points: s.taskPoints[key] })),
    pointsPerYuan: s.pointsPerYuan,
    fenPer100Points: s.fenPer100Points,
    maxDeductPercent: s.maxDeductPercent,
    expiryYears: s.expiryYears,
    text: rulesText(s),
  };
}

/* ---- orders (called by flows/subscribers/points.ts inside the order's transaction) ---- */

/** A completed order earns points on what was paid and not refunded, once; the first one completes 首单. */
export async function earnForOrder(tx: DbOrTx, o: { orderNo: string; memberId: string; paidFen: number }) {
  const s = await pointsSettings(tx);
  const baseFen = Math.max(0, o.paidFen);
  const earned = pointsForPaid(baseFen, s.pointsPerYuan);
  if (await repo.insertEarning(tx, { orderNo: o.orderNo, memberId: o.memberId, baseFen, earned })) {
    if (earned > 0) {
      await changePoints(tx, {
        memberId: o.memberId,
        amount: earned,
        reason: 'ORDER_EARN',
        orderNo: o.orderNo,
        note: `订单实付 ${formatFen(baseFen)}`,
      });
    }
  }
  await grantTask(tx, o.memberId, 'FIRST_ORDER', s, o.orderNo);
}

/**
 * A refund of `amountFen` on an order that earned points takes back the refunded share (running
 * total, never beyond what was earned), and a whole refund the 首单 reward the order earned. A balance
 * already spent is taken down to 0, not below.
 * An order refunded before it completed earned nothing yet: its completion counts the refunds.
 */
export async function clawBackForRefund(tx: DbOrTx, o: { orderNo: string; amountFen: number }) {
  const e = await repo.lockEarning(tx, o.orderNo);
  if (!e || o.amountFen <= 0) return;
  const refundedFen = e.refunded_fen + o.amountFen;
  const take = clawbackFor({ earned: e.earned, baseFen: e.base_fen, refundedFen, clawedBefore: e.clawed_back });
  await repo.recordClawback(tx, o.orderNo, refundedFen, e.clawed_back + take);
  if (take > 0) {
    await changePoints(
      tx,
      { memberId: e.member_id, amount: -take, reason: 'ORDER_CLAWBACK', orderNo: o.orderNo, note: `退款 ${formatFen(o.amountFen)}` },
      { clamp: true },
    );
  }
  // refunded wholly: the 首单 it earned goes too, and the next completed order is the first again
  if (refundedFen < e.base_fen) return;
  const firstOrder = await repo.removeCompletionEarnedBy(tx, e.member_id, 'FIRST_ORDER', o.orderNo);
  if (firstOrder) {
    await changePoints(
      tx,
      { memberId: e.member_id, amount: -firstOrder, reason: 'ORDER_CLAWBACK', orderNo: o.orderNo, note: '整单退款，首单奖励扣回' },
      { clamp: true },
    );
  }
}

/* ---- expiry (flows/points-sweeper.ts) ---- */

export { membersWithExpired } from './points.repo.ts';

/** Expires a member's points earned in years up to `year` and not used, with a ledger row: the points taken. */
export async function expireMember(tx: DbOrTx, memberId: string, year: number): Promise<number> {
  const acc = await repo.lockAccount(tx, memberId);
  const amount = Math.min(acc.balance, Math.max(0, (await repo.creditedUpTo(tx, memberId, year)) - acc.debited));
  if (amount <= 0) return 0;
  await changePoints(tx, { memberId, amount: -amount, reason: 'EXPIRE', note: `${year} 年及以前获得的积分已到期` });
  return amount;
}

/* ---- the console ---- */

/** The member an operator names must exist (an unknown id is 404 会员不存在, not an empty account). */
export async function assertMember(ctx: AppContext, memberId: string) {
  await currentMember(ctx, memberId).catch((err: unknown) => {
    throw err instanceof AppError ? new AppError(Code.NOT_FOUND, '会员不存在') : err;
  });
}

export async function adjust(
  ctx: AppContext,
  p: { memberId: string; amount: number; reason: string; operator: string },
): Promise<{ before: number; after: number }> {
  await assertMember(ctx, p.memberId);
  return ctx.db.transaction(async (tx) => {
    const before = (await repo.lockAccount(tx, p.memberId)).balance;
    if (p.amount < 0 && before + p.amount < 0) throw new AppError(Code.POINTS_INSUFFICIENT, `积分不足，该会员当前仅有 ${before} 积分`);
    const { balance: after } = await changePoints(tx, {
      memberId: p.memberId,
      amount: p.amount,
      reason: p.amount > 0 ? 'OPS_GRANT' : 'OPS_DEDUCT',
      note: p.reason,
      operator: p.operator,
    });
    return { before, after };
  });
}
