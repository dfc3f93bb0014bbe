import type { ActivityGoodsDetail } from '@mall/shared';

/**
 * What the activity goods page decides, as pure functions: the button for the phase, how many may be
 * bought and the checkout's address (the countdown's moment is lib/activityCountdown.ts, the home
 * strip's and the 会场's sessions lib/flashSaleSessions.ts; the 会场's cards lib/flashSaleChannel.ts).
 */

/** The most one line may hold at checkout. */
export const MAX_LINE_QUANTITY = 999;

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
