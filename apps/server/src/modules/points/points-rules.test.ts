import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  clawbackFor,
  currentStreak,
  endOfShanghaiYear,
  expiredThroughYear,
  expiringPoints,
  expiringSoon,
  maxPointsForGoods,
  monthRange,
  nextBonus,
  nextStreak,
  pointsForPaid,
  pointsValueFen,
  shanghaiDay,
  signInReward,
} from './points-rules.ts';
import { DEFAULT_POINTS_SETTINGS } from './points-settings.ts';

describe('Asia/Shanghai days', () => {
  it.each([
    ['2026-11-25T15:59:59Z', '2026-11-25'],
    ['2026-11-25T16:00:00Z', '2026-11-26'],
    ['2026-12-31T16:00:00Z', '2027-01-01'],
    ['2024-02-28T16:30:00Z', '2024-02-29'],
  ])('%s is %s in Shanghai', (iso, day) => expect(shanghaiDay(new Date(iso))).toBe(day));

  it('moves days across months and years, and knows a month’s range', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
  });
});

describe('签到 streak and reward', () => {
  const s = { signInPoints: 5, streakBonuses: [{ days: 7, points: 20 }, { days: 3, points: 2 }] };
  it.each([
    ['first ever', null, 1],
    ['after yesterday', { day: '2026-11-24', streak: 6 }, 7],
    ['after a missed day', { day: '2026-11-23', streak: 6 }, 1],
    ['across a month end', { day: '2026-10-31', streak: 2 }, 1],
  ] as const)('%s', (_, last, streak) => expect(nextStreak('2026-11-25', last)).toBe(streak));

  it('a streak shown today: today’s, yesterday’s, or broken', () => {
    expect(currentStreak('2026-11-25', { day: '2026-11-25', streak: 4 })).toBe(4);
    expect(currentStreak('2026-11-25', { day: '2026-11-24', streak: 4 })).toBe(4);
    expect(currentStreak('2026-11-25', { day: '2026-11-23', streak: 4 })).toBe(0);
    expect(currentStreak('2026-11-25', null)).toBe(0);
  });

  it.each([
    [1, 5, 0],
    [3, 5, 2],
    [6, 5, 2],
    [7, 5, 20],
    [14, 5, 20],
    [21, 5, 22],
  ])('day %i in a row gives %i + %i', (streak, points, bonus) =>
    expect(signInReward(streak, s)).toEqual({ points, bonus, total: points + bonus }),
  );

  it('the next bonus is the nearest one ahead', () => {
    expect(nextBonus(0, s)).toEqual({ days: 3, points: 2, inDays: 3 });
    expect(nextBonus(5, s)).toEqual({ days: 3, points: 2, inDays: 1 });
    expect(nextBonus(12, s)).toEqual({ days: 7, points: 20, inDays: 2 });
    expect(nextBonus(5, { streakBonuses: [] })).toBeNull();
  });

  it('property: every day gives the day’s points, bonuses only on multiples', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), (streak) => {
        const r = signInReward(streak, DEFAULT_POINTS_SETTINGS);
        expect(r.points).toBe(5);
        expect(r.bonus).toBe(streak % 7 === 0 ? 20 : 0);
      }),
    );
  });
});

describe('points for a paid amount', () => {
  it.each([
    [0, 1, 0],
    [99, 1, 0],
    [100, 1, 1],
    [1299, 1, 12],
    [1299, 3, 38],
    [100_00, 0, 0],
    [-500, 1, 0],
    [2_147_483_647, 100, 2_147_483_647],
  ])('%i fen at %i per yuan gives %i', (fen, perYuan, points) => expect(pointsForPaid(fen, perYuan)).toBe(points));

  it('property: never more than the whole yuan paid times the rate, and monotone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), fc.integer({ min: 0, max: 100 }), (fen, rate) => {
        const p = pointsForPaid(fen, rate);
        expect(Number.isInteger(p)).toBe(true);
        expect(p).toBeLessThanOrEqual((fen * rate) / 100);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(pointsForPaid(fen + 100, rate)).toBeGreaterThanOrEqual(p);
      }),
    );
  });
});

describe('clawback on refund', () => {
  it.each([
    ['nothing refunded', { earned: 100, baseFen: 10000, refundedFen: 0, clawedBefore: 0 }, 0],
    ['half refunded', { earned: 100, baseFen: 10000, refundedFen: 5000, clawedBefore: 0 }, 50],
    ['a third, rounded down', { earned: 100, baseFen: 9000, refundedFen: 3000, clawedBefore: 0 }, 33],
    ['the rest after a third', { earned: 100, baseFen: 9000, refundedFen: 9000, clawedBefore: 33 }, 67],
    ['more than paid is capped', { earned: 100, baseFen: 9000, refundedFen: 20000, clawedBefore: 0 }, 100],
    ['nothing earned', { earned: 0, baseFen: 9000, refundedFen: 9000, clawedBefore: 0 }, 0],
    ['a zero base', { earned: 10, baseFen: 0, refundedFen: 10, clawedBefore: 0 }, 0],
    ['already all taken', { earned: 100, baseFen: 100, refundedFen: 100, clawedBefore: 100 }, 0],
  ])('%s', (_, o, points) => expect(clawbackFor(o)).toBe(points));

  it('property: part refunds in any order take back exactly what a full refund earned, never more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (baseFen, rate, weights) => {
          const earned = pointsForPaid(baseFen, rate);
          const sum = weights.reduce((a, b) => a + b, 0);
          // split the base into refunds by the weights; the last takes the remainder
          let refunded = 0;
          let clawed = 0;
          weights.forEach((w, i) => {
            const part = i === weights.length - 1 ? baseFen - refunded : Math.floor((baseFen * w) / sum);
            refunded += part;
            const take = clawbackFor({ earned, baseFen, refundedFen: refunded, clawedBefore: clawed });
            expect(take).toBeGreaterThanOrEqual(0);
            clawed += take;
            expect(clawed).toBeLessThanOrEqual(earned);
            // never more than the refunded share
            expect(clawed).toBeLessThanOrEqual((earned * refunded) / baseFen + 1e-9);
          });
          expect(clawed).toBe(earned);
        },
      ),
    );
  });
});

describe('expiry', () => {
  it.each([
    ['nothing used', 300, 0, 300],
    ['some used first', 300, 120, 180],
    ['more used than the old credits', 300, 500, 0],
  ])('%s', (_, credited, debited, expiring) => expect(expiringPoints(credited, debited)).toBe(expiring));

  it('points earned in a year expire at the end of the year after it (1), later years (n), or never (0)', () => {
    const jan2027 = new Date('2026-12-31T16:00:00Z'); // 2027-01-01 00:00 Shanghai
    expect(expiredThroughYear(jan2027, 1)).toBe(2025);
    expect(expiredThroughYear(new Date('2026-12-31T15:59:59Z'), 1)).toBe(2024);
    expect(expiredThroughYear(jan2027, 2)).toBe(2024);
    expect(expiredThroughYear(jan2027, 0)).toBeNull();
    expect(endOfShanghaiYear(2026).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('expiring soon: last year’s unused points, at the end of this year', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const credits: Record<number, number> = { 2024: 50, 2025: 100, 2026: 70 };
    const upTo = (y: number) => Object.entries(credits).reduce((s, [k, v]) => (Number(k) <= y ? s + v : s), 0);
    expect(expiringSoon(now, 1, upTo, 80)).toEqual({ points: 70, expiresAt: new Date('2026-12-31T16:00:00Z'), year: 2025 });
    expect(expiringSoon(now, 1, upTo, 200)).toEqual({ points: 0, expiresAt: null, year: 2025 });
    expect(expiringSoon(now, 0, upTo, 0)).toEqual({ points: 0, expiresAt: null, year: null });
  });

  it('property: what expires never exceeds the balance', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 30_000 }),
        ([a, b, c], debited) => {
          const credited = a! + b! + c!;
          fc.pre(debited <= credited);
          const exp = expiringPoints(a! + b!, debited);
          expect(exp).toBeLessThanOrEqual(credited - debited);
          expect(exp).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('points at checkout', () => {
  const s = { fenPer100Points: 100, maxDeductPercent: 50 };
  it.each([
    [10000, 100_000, 5000],
    [10000, 1200, 1200],
    [0, 1200, 0],
    [199, 1000, 99],
  ])('goods %i fen with %i points may use %i', (goods, balance, max) => expect(maxPointsForGoods(goods, balance, s)).toBe(max));

  it('property: the points used are never worth more than the cap, nor more than the balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        (goods, balance, fenPer100Points, maxDeductPercent) => {
          const p = maxPointsForGoods(goods, balance, { fenPer100Points, maxDeductPercent });
          expect(p).toBeLessThanOrEqual(balance);
          expect(pointsValueFen(p, fenPer100Points)).toBeLessThanOrEqual((goods * maxDeductPercent) / 100);
        },
      ),
    );
  });
});
