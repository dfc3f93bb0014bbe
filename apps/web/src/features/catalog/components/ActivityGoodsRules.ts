import type { ActivityGoodsDetail, ActivityPhase, FlashSaleSession } from '@mall/shared';
import { formatTime } from '../../../lib/format.ts';

/**
 * What the buyer's 秒杀 screens decide, as pure functions: the countdown's moment, the button for the
 * phase, how many may be bought, the checkout's address, and which of today's sessions the home shows.
 */

/** The most one line may hold at checkout. */
export const MAX_LINE_QUANTITY = 999;

/** Counting down to the start (即将开始) or the end (进行中 / 已抢光); nothing once it is over. */
export function countdownOf(phase: ActivityPhase, w: { startsAt: string; endsAt: string }): { label: '距开始' | '距结束'; at: string } | null {
  if (phase === 'UPCOMING') return { label: '距开始', at: w.startsAt };
  if (phase === 'RUNNING' || phase === 'SOLD_OUT') return { label: '距结束', at: w.endsAt };
  return null;
}

type Limits = Pick<ActivityGoodsDetail, 'stockLeft' | 'perMemberLimit' | 'memberLeft'>;

/** The most the buyer may take now: the units left, the member's limit left (or the limit itself signed out), 999. */
export function maxQuantity(d: Limits): number {
  const caps = [MAX_LINE_QUANTITY];
  if (d.stockLeft !== null) caps.push(d.stockLeft);
  if (d.memberLeft !== null) caps.push(d.memberLeft);
  else if (d.perMemberLimit > 0) caps.push(d.perMemberLimit);
  return Math.max(0, Math.min(...caps));
}

export type ActivityAction =
  | { kind: 'remind'; label: '提醒我' }
  | { kind: 'reminded'; label: '已设置提醒' }
  | { kind: 'buy'; label: '立即抢购' | '立即购买' }
  | { kind: 'limit'; label: '已达限购数量' }
  | { kind: 'soldOut'; label: '已抢光' }
  | { kind: 'ended'; label: '已结束' };

/** The page's one button for the phase; only 提醒我 / 已设置提醒 / 立即抢购 can be pressed. */
export function actionOf(d: Pick<ActivityGoodsDetail, 'phase' | 'kind'> & Limits, reminded: boolean): ActivityAction {
  switch (d.phase) {
    case 'UPCOMING':
      return reminded ? { kind: 'reminded', label: '已设置提醒' } : { kind: 'remind', label: '提醒我' };
    case 'RUNNING':
      if (d.memberLeft === 0) return { kind: 'limit', label: '已达限购数量' };
      if (maxQuantity(d) <= 0) return { kind: 'soldOut', label: '已抢光' };
      return { kind: 'buy', label: d.kind === 'FLASH_SALE' ? '立即抢购' : '立即购买' };
    case 'SOLD_OUT':
      return { kind: 'soldOut', label: '已抢光' };
    default:
      return { kind: 'ended', label: '已结束' };
  }
}

/** The checkout of 立即抢购: a 秒杀 names its activity (its price, units and limit); a 限时折扣 prices itself. */
export function checkoutHref(d: Pick<ActivityGoodsDetail, 'kind' | 'activityId' | 'skuId'>, quantity: number): string {
  const q = new URLSearchParams({ skuId: String(d.skuId), quantity: String(quantity) });
  if (d.kind === 'FLASH_SALE') q.set('activityId', String(d.activityId));
  return `/checkout?${q}`;
}

export const activityGoodsHref = (g: { activityId: number; skuId: number }) => `/activityGoodsDetail?activityId=${g.activityId}&skuId=${g.skuId}`;

/** The session the home's strip opens on: the one running, else the next to start, else the last of the day. */
export function defaultSession(sessions: FlashSaleSession[]): FlashSaleSession | undefined {
  return sessions.find((s) => s.phase === 'RUNNING') ?? sessions.find((s) => s.phase === 'UPCOMING') ?? sessions.at(-1);
}

/** A session's chip: 10:00 (明日 10:00 for tomorrow's) and 已开抢 / 抢购中 / 即将开始. */
export function sessionChip(s: Pick<FlashSaleSession, 'startsAt' | 'phase'>, serverNowIso: string): { time: string; state: '已开抢' | '抢购中' | '即将开始' } {
  const today = formatTime(serverNowIso, 'YYYY-MM-DD');
  const day = formatTime(s.startsAt, 'YYYY-MM-DD');
  const hm = formatTime(s.startsAt, 'HH:mm');
  const state = s.phase === 'RUNNING' ? '抢购中' : s.phase === 'UPCOMING' ? '即将开始' : '已开抢';
  return { time: day === today ? hm : day > today ? `明日 ${hm}` : hm, state };
}
