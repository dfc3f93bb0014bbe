import type { PointsSettings } from './points-settings.ts';

/**
 * The money rules of points, pure: days in Asia/Shanghai, 签到 streaks and rewards, points for a paid
 * amount, the clawback of a refund, and what expires when. Points and fen are whole numbers; every
 * division rounds in the buyer's favour and no rule takes back more than was given.
 */

const SHANGHAI_OFFSET_MS = 8 * 3_600_000; // China has no daylight saving time
const DAY_MS = 86_400_000;

/** The Asia/Shanghai calendar day of an instant, YYYY-MM-DD. */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

export function shanghaiYear(at: Date): number {
  return Number(shanghaiDay(at).slice(0, 4));
}

/** A YYYY-MM-DD day moved by `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The first instant of a Shanghai month (YYYY-MM) and of the month after it. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** The streak a 签到 on `today` makes, given the member's latest earlier 签到 (if any). */
export function nextStreak(today: string, last: { day: string; streak: number } | null): number {
  return last && last.day === addDays(today, -1) ? last.streak + 1 : 1;
}

/** The streak shown today: today's, else yesterday's (still alive until today ends), else 0. */
export function currentStreak(today: string, last: { day: string; streak: number } | null): number {
  if (!last) return 0;
  return last.day === today || last.day === addDays(today, -1) ? last.streak : 0;
}

/** What the `streak`-th day in a row gives: the day's points, and every bonus whose period it completes. */
export function signInReward(
  streak: number,
  s: Pick<PointsSettings, 'signInPoints' | 'streakBonuses'>,
): { points: number; bonus: number; total: number } {
  const bonus = s.streakBonuses.filter((b) => streak > 0 && streak % b.days === 0).reduce((sum, b) => sum + b.points, 0);
  return { points: s.signInPoints, bonus, total: s.signInPoints + bonus };
}

/** The nearest bonus after `streak` days: in how many more days, and its points. */
export function nextBonus(
  streak: number,
  s: Pick<PointsSettings, 'streakBonuses'>,
): { days: number; points: number; inDays: number } | null {
  let best: { days: number; points: number; inDays: number } | null = null;
  for (const b of s.streakBonuses) {
    const inDays = b.days - (streak % b.days);
    if (!best || inDays < best.inDays) best = { days: b.days, points: b.points, inDays };
  }
  return best;
}

/** Points for `paidFen` paid: whole yuan only (¥12.99 at 1 point per yuan gives 12). */
export function pointsForPaid(paidFen: number, pointsPerYuan: number): number {
  if (paidFen <= 0 || pointsPerYuan <= 0) return 0;
  return Math.floor((paidFen * pointsPerYuan) / 100);
}

/**
 * The points to take back when an order that earned `earned` points on `baseFen` has now had
 * `refundedFen` refunded in all, `clawedBefore` having been taken already: the refunded share of
 * what was earned (rounded down, the buyer's way), less what was taken. Computed on the running
 * total so the roundings of several part refunds never add up; a full refund takes back exactly
 * what was earned, and never more.
 */
export function clawbackFor(o: { earned: number; baseFen: number; refundedFen: number; clawedBefore: number }): number {
  if (o.earned <= 0 || o.baseFen <= 0) return 0;
  const refunded = Math.min(Math.max(o.refundedFen, 0), o.baseFen);
  const target = Math.min(o.earned, Math.floor((o.earned * refunded) / o.baseFen));
  return Math.max(0, target - o.clawedBefore);
}

/**
 * Points of a member that expire now, first in first out: what was credited in years up to
 * `cutoffYear`, less everything ever taken (spent, clawed back, deducted, already expired).
 */
export function expiringPoints(creditedUpToCutoff: number, debitedTotal: number): number {
  return Math.max(0, creditedUpToCutoff - debitedTotal);
}

/** The last year whose points have expired by `at` (earned in it or before); null when they never expire. */
export function expiredThroughYear(at: Date, expiryYears: number): number | null {
  if (expiryYears <= 0) return null;
  return shanghaiYear(at) - expiryYears - 1;
}

/** The end of the current Shanghai year (00:00 of 1 January next, +08:00), when the next batch expires. */
export function endOfShanghaiYear(year: number): Date {
  return new Date(Date.UTC(year + 1, 0, 1) - SHANGHAI_OFFSET_MS);
}

/** What expires at the end of this year (points earned `expiryYears` years ago or earlier, not yet used). */
export function expiringSoon(
  at: Date,
  expiryYears: number,
  creditedUpTo: (year: number) => number,
  debitedTotal: number,
): { points: number; expiresAt: Date | null; year: number | null } {
  if (expiryYears <= 0) return { points: 0, expiresAt: null, year: null };
  const year = shanghaiYear(at) - expiryYears;
  const points = expiringPoints(creditedUpTo(year), debitedTotal);
  return { points, expiresAt: points > 0 ? endOfShanghaiYear(shanghaiYear(at)) : null, year };
}

/** What `points` are worth at checkout, fen (rounded down). */
export function pointsValueFen(points: number, fenPer100Points: number): number {
  return Math.floor((Math.max(points, 0) * fenPer100Points) / 100);
}

/**
 * The most points an order may use: the balance, and no more than `maxDeductPercent` of the goods
 * amount is worth, in whole points (for the checkout's points step).
 */
export function maxPointsForGoods(goodsFen: number, balance: number, s: Pick<PointsSettings, 'fenPer100Points' | 'maxDeductPercent'>): number {
  const capFen = Math.floor((Math.max(goodsFen, 0) * s.maxDeductPercent) / 100);
  const capPoints = Math.floor((capFen * 100) / s.fenPer100Points);
  return Math.max(0, Math.min(balance, capPoints));
}
