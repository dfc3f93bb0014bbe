import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { monthGrid, monthTitle, shanghaiMonth, shiftMonth, signInHint } from './calendar.ts';
import { limitText, pointsPriceText, redeemFreightText, signedPoints } from './price.ts';

describe('monthGrid', () => {
  it.each([
    // month, weeks, first row, last day
    ['2026-11', 6, [null, null, null, null, null, null, '2026-11-01'], '2026-11-30'],
    ['2026-02', 5, [null, null, null, null, null, null, '2026-02-01'], '2026-02-28'],
    ['2021-02', 4, ['2021-02-01', '2021-02-02', '2021-02-03', '2021-02-04', '2021-02-05', '2021-02-06', '2021-02-07'], '2021-02-28'],
    ['2024-02', 5, [null, null, null, '2024-02-01', '2024-02-02', '2024-02-03', '2024-02-04'], '2024-02-29'],
  ] as const)('%s: Monday first, every day once', (month, weeks, first, last) => {
    const grid = monthGrid(month);
    expect(grid).toHaveLength(weeks);
    expect(grid[0]).toEqual(first);
    expect(grid.flat().filter(Boolean).at(-1)).toBe(last);
  });

  it('refuses what is not a month', () => {
    expect(monthGrid('2026-13')).toEqual([]);
    expect(monthGrid('abc')).toEqual([]);
  });

  it('property: weeks of 7, the days 1..n in order, nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const month = `${y}-${String(m).padStart(2, '0')}`;
        const grid = monthGrid(month);
        expect(grid.every((w) => w.length === 7)).toBe(true);
        const days = grid.flat().filter((d): d is string => d !== null);
        expect(days.length).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate());
        days.forEach((d, i) => expect(d).toBe(`${month}-${String(i + 1).padStart(2, '0')}`));
        // The 1st sits under its own weekday (一 = column 0).
        expect(grid[0]!.indexOf(days[0]!)).toBe((new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7);
      }),
    );
  });
});

describe('months', () => {
  it.each([
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-05', -13, '2025-04'],
  ] as const)('%s %+d → %s', (m, by, want) => expect(shiftMonth(m, by)).toBe(want));

  it('titles and Shanghai month', () => {
    expect(monthTitle('2026-03')).toBe('2026年3月');
    // 2026-11-30 17:00 UTC is already December 1st in Shanghai.
    expect(shanghaiMonth(new Date('2026-11-30T17:00:00Z'))).toBe('2026-12');
    expect(shanghaiMonth(new Date('2026-11-30T15:59:59Z'))).toBe('2026-11');
  });
});

describe('signInHint', () => {
  const base = { signedToday: false, streak: 0, todayPoints: 5, tomorrowPoints: 5, nextBonus: null };
  it.each([
    [base, '今天签到可得 5 积分'],
    [{ ...base, streak: 4, nextBonus: { days: 7, points: 20, inDays: 3 } }, '已连续签到 4 天，今天签到可得 5 积分；再签 3 天，连续 7 天额外奖励 20 积分'],
    [{ ...base, signedToday: true, streak: 6, tomorrowPoints: 25 }, '已连续签到 6 天，明天签到可得 25 积分'],
  ])('%j', (c, want) => expect(signInHint(c)).toBe(want));
});

describe('prices', () => {
  it.each([
    [1200, 0, '1200 积分'],
    [800, 990, '800 积分 + ¥9.90'],
    [1, 1, '1 积分 + ¥0.01'],
  ])('%d points + %d fen', (p, c, want) => expect(pointsPriceText(p, c)).toBe(want));
  it('limits and signs', () => {
    expect(limitText(0)).toBe('不限兑换数量');
    expect(limitText(2)).toBe('每人限兑 2 件');
    expect(signedPoints(5)).toBe('+5');
    expect(signedPoints(-100)).toBe('-100');
  });
});

describe('redeemFreightText', () => {
  it.each([
    [{ freeFromFen: 9900, feeFen: 1000 }, '与现金购买相同：市场价满 ¥99.00 免运费，不满收 ¥10.00'],
    [{ freeFromFen: 9900, feeFen: 0 }, '免运费'],
    [{ freeFromFen: 0, feeFen: 1000 }, '免运费'],
  ])('%o → %s', (freight, text) => {
    expect(redeemFreightText(freight)).toBe(text);
  });
});
