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

/** The calendar day in Asia/Shanghai as YYYY-MM-DD. */
export function shanghaiDay(at: Date = new Date()): string {
  return shanghaiDateTime(at).slice(0, 10);
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
