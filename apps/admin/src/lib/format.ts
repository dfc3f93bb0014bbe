import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/zh-cn';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);
dayjs.locale('zh-cn');

/** Money is integer fen everywhere; shown as ¥12.34 (the shared rule, the buyer app's too). */
export { formatFen, maskMobile } from '@mall/shared';

export const SHOP_TIMEZONE = 'Asia/Shanghai';

/** Times travel as ISO 8601 in UTC; operators read them in Asia/Shanghai. Empty for no time. */
export function formatTime(iso: string | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (!iso) return '';
  const t = dayjs(iso);
  return t.isValid() ? t.tz(SHOP_TIMEZONE).format(pattern) : '';
}

export function formatDate(iso: string | null | undefined): string {
  return formatTime(iso, 'YYYY-MM-DD');
}

/** 「3 分钟前」, for activity columns; the exact time belongs in a tooltip beside it. */
export function formatFromNow(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const t = dayjs(iso);
  return t.isValid() ? t.from(now) : '';
}

/** 12345 → 12,345. */
export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? '' : n.toLocaleString('zh-CN');
}

/** 0.1234 → 12.34%. */
export function formatPercent(ratio: number | null | undefined, digits = 2): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '—';
  return `${(ratio * 100).toFixed(digits)}%`;
}
