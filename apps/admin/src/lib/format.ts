import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/zh-cn';
import { formatTime } from '@mall/shared';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);
dayjs.locale('zh-cn');

/** Money, masks and shop time are written once for both apps (the shared package). */
export { formatFen, formatTime, maskMobile, SHOP_TIMEZONE } from '@mall/shared';

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
