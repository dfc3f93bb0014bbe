import crypto from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A well-formed UUID (any version), so a bad id reads as "not found" before it reaches SQL. */
export const isUuid = (value: string): boolean => UUID.test(value);
export const UUID_PATTERN = UUID;

const SHANGHAI_OFFSET_MS = 8 * 3600_000; // UTC+8 all year, no daylight saving

/** The wall-clock time in Asia/Shanghai as YYYY-MM-DD HH:mm:ss (the form Alipay's timestamps take). */
export function shanghaiDateTime(at: Date = new Date()): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const DAY_MS = 86_400_000;
/** The last day worked out, with its first and next day's first millisecond (a goods page asks on every view). */
let lastDay = { from: 0, to: 0, text: '' };

/** The calendar day in Asia/Shanghai as YYYY-MM-DD. */
export function shanghaiDay(at: Date = new Date()): string {
  const ms = at.getTime();
  if (ms >= lastDay.from && ms < lastDay.to) return lastDay.text;
  const from = Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
  const text = shanghaiDateTime(at).slice(0, 10);
  if (Number.isFinite(from)) lastDay = { from, to: from + DAY_MS, text };
  return text;
}

/**
 * A number a buyer sees (order, after-sale): an optional prefix, the Asia/Shanghai date and
 * 12 digits from a secure random source, so one number tells nothing about another.
 */
export function newBusinessNo(prefix = '', at: Date = new Date()): string {
  let digits = '';
  for (let i = 0; i < 12; i++) digits += crypto.randomInt(10);
  return `${prefix}${shanghaiDay(at).replaceAll('-', '')}${digits}`;
}
