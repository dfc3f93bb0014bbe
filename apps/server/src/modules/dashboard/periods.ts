import type { DashboardRange } from '@mall/shared';
import { shanghaiDay } from '../../lib/ids.ts';

/**
 * The periods of the 工作台, in Asia/Shanghai days (UTC+8 all year): 今日 is since midnight, 近7天
 * and 近30天 are today and the 6 or 29 days before it. Each is compared with the same span one
 * period earlier, cut at the same time of day (今日 10:30 → 昨日 00:00–10:30), so a morning is
 * never compared with a whole day.
 */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const SPAN_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };

export interface Period {
  from: Date;
  to: Date;
}

/** Asia/Shanghai midnight of the day `at` falls in. */
export function shanghaiMidnight(at: Date): Date {
  return new Date(Date.parse(`${shanghaiDay(at)}T00:00:00+08:00`));
}

export function periodsOf(range: DashboardRange, now: Date): { current: Period; previous: Period; days: number } {
  const days = SPAN_DAYS[range];
  const from = new Date(shanghaiMidnight(now).getTime() - (days - 1) * DAY_MS);
  const shift = days * DAY_MS;
  return {
    current: { from, to: now },
    previous: { from: new Date(from.getTime() - shift), to: new Date(now.getTime() - shift) },
    days,
  };
}

export interface Bucket {
  key: string;
  label: string;
}

/** The trend's buckets: the hours of today up to now, or the days of the period. */
export function bucketsOf(
  range: DashboardRange,
  now: Date,
): { granularity: 'hour' | 'day'; seconds: number; list: Bucket[] } {
  const { current, days } = periodsOf(range, now);
  if (range === 'today') {
    const hours = Math.floor((now.getTime() - current.from.getTime()) / HOUR_MS) + 1;
    const day = shanghaiDay(current.from);
    const list = Array.from({ length: hours }, (_, h) => {
      const hh = String(h).padStart(2, '0');
      return { key: `${day}T${hh}:00`, label: `${hh}:00` };
    });
    return { granularity: 'hour', seconds: HOUR_MS / 1000, list };
  }
  const list = Array.from({ length: days }, (_, d) => {
    const key = shanghaiDay(new Date(current.from.getTime() + d * DAY_MS));
    return { key, label: key.slice(5) };
  });
  return { granularity: 'day', seconds: DAY_MS / 1000, list };
}
