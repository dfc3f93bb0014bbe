import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from './days.ts';

// 2026-05-01 00:30 in Shanghai is still 2026-04-30 in UTC.
const now = Date.parse('2026-04-30T16:30:00Z');

describe('history days in Asia/Shanghai', () => {
  it("reads today from China's clock, not UTC's", () => {
    expect(dayLabel('2026-05-01', now)).toBe('今天');
  });

  it('labels 今天, 昨天, dates of this year and of earlier years', () => {
    expect(dayLabel('2026-05-01', now)).toBe('今天');
    expect(dayLabel('2026-04-30', now)).toBe('昨天');
    expect(dayLabel('2026-04-03', now)).toBe('4月3日');
    expect(dayLabel('2025-12-30', now)).toBe('2025年12月30日');
  });

  it('groups consecutive entries of one day, keeping the order', () => {
    const groups = groupByDay(
      [
        { id: 1, viewDate: '2026-05-01' },
        { id: 2, viewDate: '2026-05-01' },
        { id: 3, viewDate: '2026-04-30' },
        { id: 4, viewDate: '2026-04-20' },
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['今天', [1, 2]],
      ['昨天', [3]],
      ['4月20日', [4]],
    ]);
    expect(groupByDay([], now)).toEqual([]);
  });
});
