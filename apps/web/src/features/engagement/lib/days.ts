import { shopDay } from '@mall/shared';

/** Browsing history grouped by the buyer's day (Asia/Shanghai, UTC+8 all year). */
const DAY_MS = 24 * 3600_000;

/** 今天 / 昨天 / 5月1日 (this year) / 2025年12月30日 (an earlier year). */
export function dayLabel(day: string, now = Date.now()): string {
  const today = shopDay(now);
  if (day === today) return '今天';
  if (day === shopDay(now - DAY_MS)) return '昨天';
  const [y, m, d] = day.split('-').map(Number);
  return String(y) === today.slice(0, 4) ? `${m}月${d}日` : `${y}年${m}月${d}日`;
}

export interface DayGroup<T> {
  day: string;
  label: string;
  items: T[];
}

/** Keeps the server's order (newest first) and starts a group at each new day. */
export function groupByDay<T extends { viewDate: string }>(entries: T[], now = Date.now()): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const e of entries) {
    const last = groups[groups.length - 1];
    if (last && last.day === e.viewDate) last.items.push(e);
    else groups.push({ day: e.viewDate, label: dayLabel(e.viewDate, now), items: [e] });
  }
  return groups;
}
