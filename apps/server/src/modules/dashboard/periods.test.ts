import { describe, expect, it } from 'vitest';
import { bucketsOf, periodsOf, shanghaiMidnight } from './periods.ts';

const iso = (d: Date) => d.toISOString();

describe('periods of the 工作台 (Asia/Shanghai days)', () => {
  it.each([
    // now (UTC)                   Shanghai midnight of that moment
    ['2026-05-01T15:59:59.999Z', '2026-04-30T16:00:00.000Z'], // 23:59:59.999 on 5/1
    ['2026-05-01T16:00:00.000Z', '2026-05-01T16:00:00.000Z'], // 00:00 on 5/2
    ['2026-05-01T00:00:00.000Z', '2026-04-30T16:00:00.000Z'], // 08:00 on 5/1
    ['2026-12-31T16:30:00.000Z', '2026-12-31T16:00:00.000Z'], // 00:30 on 2027-01-01
  ])('midnight of %s is %s', (now, midnight) => {
    expect(iso(shanghaiMidnight(new Date(now)))).toBe(midnight);
  });

  it.each([
    [
      'today',
      '2026-05-02T02:30:00.000Z',
      '2026-05-01T16:00:00.000Z',
      '2026-04-30T16:00:00.000Z',
      '2026-05-01T02:30:00.000Z',
    ],
    [
      '7d',
      '2026-05-02T02:30:00.000Z',
      '2026-04-25T16:00:00.000Z',
      '2026-04-18T16:00:00.000Z',
      '2026-04-25T02:30:00.000Z',
    ],
    [
      '30d',
      '2026-05-02T02:30:00.000Z',
      '2026-04-02T16:00:00.000Z',
      '2026-03-03T16:00:00.000Z',
      '2026-04-02T02:30:00.000Z',
    ],
  ] as const)('%s at %s: from %s, compared with [%s, %s)', (range, now, from, prevFrom, prevTo) => {
    const p = periodsOf(range, new Date(now));
    expect([iso(p.current.from), iso(p.current.to), iso(p.previous.from), iso(p.previous.to)]).toEqual([
      from,
      now,
      prevFrom,
      prevTo,
    ]);
  });

  it('buckets: the hours of today up to now, the days of the period', () => {
    const justAfterMidnight = bucketsOf('today', new Date('2026-05-01T16:00:00.000Z'));
    expect(justAfterMidnight).toMatchObject({ granularity: 'hour', seconds: 3600 });
    expect(justAfterMidnight.list).toEqual([{ key: '2026-05-02T00:00', label: '00:00' }]);
    expect(bucketsOf('today', new Date('2026-05-02T15:59:59.999Z')).list).toHaveLength(24);
    const week = bucketsOf('7d', new Date('2026-05-01T15:59:59.999Z'));
    expect(week.list.map((b) => b.key)).toEqual([
      '2026-04-25',
      '2026-04-26',
      '2026-04-27',
      '2026-04-28',
      '2026-04-29',
      '2026-04-30',
      '2026-05-01',
    ]);
    expect(week.list[0]!.label).toBe('04-25');
    expect(bucketsOf('30d', new Date('2026-03-01T04:00:00.000Z')).list[0]!.key).toBe('2026-01-31');
  });
});
