/**
 * The rules of 秒杀 and 限时折扣 as pure functions: an activity's states and the moves
 * between them, what a buyer sees of it at a given moment, the activity price of a 限时折扣, the
 * progress bar and the per-member limit. The module's service applies them inside transactions.
 */

import type { ActivityKind, ActivityPhase, ActivityStatus } from '@mall/shared';

export { ACTIVITY_KIND_NAMES } from '@mall/shared';

/**
 * An activity's own life: 草稿 (being set up, nothing reserved) → 已排期 (its 秒杀 stock taken out of
 * the goods' stock) → 已结束 (what was not sold given back); 草稿 or 已排期 (before its start) → 已取消.
 */
export type ActivityMove = 'schedule' | 'cancel' | 'end';

export const ACTIVITY_STATUS_NAMES: Record<ActivityStatus, string> = {
  DRAFT: '草稿',
  SCHEDULED: '已排期',
  ENDED: '已结束',
  CANCELLED: '已取消',
};

/** How a refusal names the status: 该活动还是草稿 / 已排期 / 已结束 / 已取消. */
const STATUS_PHRASES: Record<ActivityStatus, string> = { DRAFT: '还是草稿', SCHEDULED: '已排期', ENDED: '已结束', CANCELLED: '已取消' };

export const ACTIVITY_TRANSITIONS: Record<ActivityStatus, Partial<Record<ActivityMove, ActivityStatus>>> = {
  DRAFT: { schedule: 'SCHEDULED', cancel: 'CANCELLED' },
  SCHEDULED: { cancel: 'CANCELLED', end: 'ENDED' },
  ENDED: {},
  CANCELLED: {},
};

export interface Window {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The next status for an action, or why not (in Chinese). A scheduled activity may be cancelled only
 * before it starts (buyers may already hold its orders afterwards); it ends only once its time is up.
 */
export function nextActivityStatus(
  action: ActivityMove,
  status: ActivityStatus,
  window: Window,
  now: Date,
): { to: ActivityStatus } | { refused: string } {
  const to = ACTIVITY_TRANSITIONS[status][action];
  if (!to) return { refused: `该活动${STATUS_PHRASES[status]}，不能进行此操作` };
  if (action === 'schedule' && window.endsAt <= now) return { refused: '活动结束时间已过，不能排期' };
  if (action === 'cancel' && status === 'SCHEDULED' && window.startsAt <= now) return { refused: '活动已开始，不能取消' };
  if (action === 'end' && window.endsAt > now) return { refused: '活动尚未结束' };
  return { to };
}

/** What a buyer sees: 即将开始, 进行中, 已抢光 (a 秒杀 SKU with nothing left), 已结束. */
export type BuyerPhase = ActivityPhase;
export const BUYER_PHASE_NAMES: Record<BuyerPhase, string> = {
  UPCOMING: '即将开始',
  RUNNING: '进行中',
  SOLD_OUT: '已抢光',
  ENDED: '已结束',
};

export function buyerPhase(
  now: Date,
  a: Window & { status: ActivityStatus; kind: ActivityKind },
  stockLeft?: number,
): BuyerPhase {
  if (a.status !== 'SCHEDULED' || now >= a.endsAt) return 'ENDED';
  if (now < a.startsAt) return 'UPCOMING';
  if (a.kind === 'FLASH_SALE' && stockLeft !== undefined && stockLeft <= 0) return 'SOLD_OUT';
  return 'RUNNING';
}

/** 已抢 x%: what was sold of the activity stock, floored, 100 only when nothing is left. */
export function soldPercent(sold: number, left: number): number {
  const total = sold + left;
  if (total <= 0) return 0;
  if (left <= 0) return 100;
  return Math.min(99, Math.floor((sold * 100) / total));
}

/** A 限时折扣's rule for a SKU: a price, or a percent of the usual price (80 = 8折). */
export type DiscountRule = { type: 'PRICE'; priceFen: number } | { type: 'PERCENT'; percent: number };

/**
 * The activity price of a SKU: the rule's price, or the usual price × percent rounded down to the
 * fen; at least 1 fen. Undefined when it would not be below the usual price (then no discount shows).
 */
export function activityPrice(usualFen: number, rule: DiscountRule): number | undefined {
  const price = rule.type === 'PRICE' ? rule.priceFen : Math.floor((usualFen * rule.percent) / 100);
  const atLeastOneFen = Math.max(1, price);
  return atLeastOneFen < usualFen ? atLeastOneFen : undefined;
}

/**
 * How many more units a member may buy under a per-member limit (0: no limit → undefined), counting
 * the units their unpaid and paid orders already hold.
 */
export function limitLeft(limit: number, held: number): number | undefined {
  if (limit <= 0) return undefined;
  return Math.max(0, limit - held);
}

/** The refusal for a quantity beyond the limit, or null when it fits. */
export function limitRefusal(limit: number, held: number, quantity: number): string | null {
  const left = limitLeft(limit, held);
  if (left === undefined || quantity <= left) return null;
  return held > 0 ? `每人限购 ${limit} 件，您已购买 ${held} 件` : `每人限购 ${limit} 件`;
}

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/**
 * A 秒杀 session's window from a Shanghai day (YYYY-MM-DD), a start time (HH:mm) and its length in
 * minutes, e.g. 2026-11-26 10:00 for 120 minutes.
 */
export function sessionWindow(day: string, start: string, minutes: number): Window {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = start.split(':').map(Number) as [number, number];
  const startsAt = new Date(Date.UTC(y, m - 1, d, hh, mm) - SHANGHAI_OFFSET_MS);
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
}
