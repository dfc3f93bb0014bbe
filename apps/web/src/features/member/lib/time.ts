/** Times travel in UTC; the buyer reads them in Asia/Shanghai (UTC+8 all year, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** 2026-05-01 14:03 */
export function formatShanghai(iso: string): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '—';
  return new Date(t + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
