/**
 * The 签到 calendar's grid: a month as weeks of Shanghai days `YYYY-MM-DD`, Monday first, with null
 * in the cells before the 1st and after the last day. Pure, so it is tested without a browser.
 */
export const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'] as const;

const MONTH = /^(\d{4})-(\d{2})$/;

export function monthGrid(month: string): (string | null)[][] {
  const m = MONTH.exec(month);
  if (!m) return [];
  const year = Number(m[1]);
  const mon = Number(m[2]);
  if (mon < 1 || mon > 12) return [];
  const days = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  // getUTCDay: 0 Sunday … 6 Saturday; Monday-first column of the 1st.
  const lead = (new Date(Date.UTC(year, mon - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The month before or after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, by: number): string {
  const m = MONTH.exec(month);
  if (!m) return month;
  const index = Number(m[1]) * 12 + Number(m[2]) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 2026-11 → 2026年11月. */
export function monthTitle(month: string): string {
  const m = MONTH.exec(month);
  return m ? `${m[1]}年${Number(m[2])}月` : month;
}

/** What the 签到 button and the line under it say, from the calendar reply. */
export function signInHint(c: { signedToday: boolean; streak: number; todayPoints: number; tomorrowPoints: number; nextBonus: { days: number; points: number; inDays: number } | null }): string {
  const parts: string[] = [];
  if (c.signedToday) {
    parts.push(`已连续签到 ${c.streak} 天，明天签到可得 ${c.tomorrowPoints} 积分`);
  } else {
    parts.push(c.streak > 0 ? `已连续签到 ${c.streak} 天，今天签到可得 ${c.todayPoints} 积分` : `今天签到可得 ${c.todayPoints} 积分`);
  }
  if (c.nextBonus) {
    parts.push(
      c.nextBonus.inDays <= 0
        ? `连续签到 ${c.nextBonus.days} 天额外奖励 ${c.nextBonus.points} 积分`
        : `再签 ${c.nextBonus.inDays} 天，连续 ${c.nextBonus.days} 天额外奖励 ${c.nextBonus.points} 积分`,
    );
  }
  return parts.join('；');
}

/** This month in Asia/Shanghai, `YYYY-MM`. */
export function shanghaiMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}
