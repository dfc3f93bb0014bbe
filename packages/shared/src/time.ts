/** Times travel as ISO 8601 in UTC; people read them in the shop's zone (conventions). */
export const SHOP_TIMEZONE = 'Asia/Shanghai';

/** Asia/Shanghai has kept UTC+8 all year since 1991, so a fixed offset is exact and needs no zone data. */
const SHOP_OFFSET_MS = 8 * 3_600_000;

const TOKENS = /YYYY|MM|DD|HH|mm|ss|M|D/g;

/**
 * An instant as the shop's wall-clock time, in dayjs's tokens YYYY MM DD HH mm ss (M and D unpadded)
 * around literal text (`MM月DD日 HH:mm`, `YYYY年M月D日`). Empty for no time or one that cannot be
 * read, so a table cell stays blank rather than saying "Invalid Date".
 */
export function formatTime(iso: string | Date | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (!iso) return '';
  const at = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  if (Number.isNaN(at)) return '';
  const wall = new Date(at + SHOP_OFFSET_MS).toISOString();
  const parts: Record<string, string> = {
    YYYY: wall.slice(0, 4),
    MM: wall.slice(5, 7),
    DD: wall.slice(8, 10),
    HH: wall.slice(11, 13),
    mm: wall.slice(14, 16),
    ss: wall.slice(17, 19),
    M: String(Number(wall.slice(5, 7))),
    D: String(Number(wall.slice(8, 10))),
  };
  return pattern.replace(TOKENS, (token) => parts[token]!);
}

/** The shop's calendar day (YYYY-MM-DD) of an instant: a 23:30 UTC order is the next day in Shanghai. */
export function shopDay(at: Date | number = Date.now()): string {
  return formatTime(new Date(at), 'YYYY-MM-DD');
}
