import { formatFen, type CheckoutPoints, type CheckoutRedemption } from '@mall/shared';

/**
 * What `points` are worth at `fenPer100Points` fen per 100, floored to the fen: the server's own rule
 * (modules/points/points-rules.ts), used only to say what the most usable points would take off before
 * the buyer ticks 使用; once ticked, the quote's own `valueFen` is shown.
 */
export function pointsValueFen(points: number, fenPer100Points: number): number {
  return Math.floor((Math.max(points, 0) * fenPer100Points) / 100);
}

/** The 积分 row's sentence: 可用 N 积分，本单最多抵扣 ¥x, or the balance and why points cannot be used. */
export function pointsOfferText(p: CheckoutPoints): string {
  if (p.hint || p.maxUsable <= 0) return `共 ${p.balance} 积分，${p.hint ?? '本单不可使用积分抵扣'}`;
  return `可用 ${p.maxUsable} 积分，本单最多抵扣 ${formatFen(pointsValueFen(p.maxUsable, p.fenPer100Points))}`;
}

/** The rate and cap in words: 100 积分抵 ¥1.00，最多抵扣商品金额的 50%. */
export function pointsRuleText(p: Pick<CheckoutPoints, 'fenPer100Points' | 'maxDeductPercent'>): string {
  return `100 积分抵 ${formatFen(p.fenPer100Points)}，最多抵扣商品金额的 ${p.maxDeductPercent}%`;
}

/** A redeemed goods' unit price as the buyer reads it: 800 积分 + ¥9.90, or 1200 积分. */
export function redemptionPriceText(r: Pick<CheckoutRedemption, 'pointsPrice' | 'cashFen'>): string {
  return r.cashFen > 0 ? `${r.pointsPrice} 积分 + ${formatFen(r.cashFen)}` : `${r.pointsPrice} 积分`;
}

/** The member's limit as the buyer reads it: 每人限兑 2 件，还可兑 1 件; null when there is none. */
export function redemptionLimitText(r: Pick<CheckoutRedemption, 'perMemberLimit' | 'remaining'>): string | null {
  if (r.perMemberLimit <= 0) return null;
  return r.remaining === null ? `每人限兑 ${r.perMemberLimit} 件` : `每人限兑 ${r.perMemberLimit} 件，还可兑 ${r.remaining} 件`;
}
