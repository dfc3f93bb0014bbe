import type { PointsMallCard } from '@mall/shared';

type Goods = Pick<PointsMallCard, 'id' | 'pointsPrice' | 'stock' | 'perMemberLimit' | 'soldOut' | 'unavailable'>;

/** The most one may pick to redeem at once: the goods' own stock, and the per-member limit when there is one. */
export function maxRedeemQuantity(g: Pick<Goods, 'stock' | 'perMemberLimit'>): number {
  const stock = Math.max(g.stock, 0);
  return g.perMemberLimit > 0 ? Math.min(stock, g.perMemberLimit) : stock;
}

/** A picked quantity held within 1 and the most redeemable. */
export function clampRedeemQuantity(g: Pick<Goods, 'stock' | 'perMemberLimit'>, wanted: number | null | undefined): number {
  const max = Math.max(1, maxRedeemQuantity(g));
  const n = Number.isFinite(wanted) ? Math.trunc(wanted as number) : 1;
  return Math.min(Math.max(1, n), max);
}

export interface RedeemState {
  /** What the button says: 立即兑换, 已兑完, 已下架 or 积分不足. */
  label: string;
  disabled: boolean;
  /** Points still missing for this quantity (0 when enough, or the balance is not known: signed out). */
  short: number;
}

/**
 * The 立即兑换 button of a points-mall goods for a quantity and the member's balance (undefined when
 * signed out: the button then asks to sign in). The checkout asks the server again; this only spares a
 * tap that could not succeed.
 */
export function redeemState(g: Goods, quantity: number, balance: number | undefined): RedeemState {
  if (g.unavailable) return { label: g.soldOut ? '已兑完' : '已下架', disabled: true, short: 0 };
  const short = balance === undefined ? 0 : Math.max(0, g.pointsPrice * quantity - balance);
  if (short > 0) return { label: '积分不足', disabled: true, short };
  return { label: '立即兑换', disabled: false, short: 0 };
}

/** The checkout of a redemption (its source is read back by the checkout's sourceFromQuery). */
export function redeemCheckoutPath(id: number, quantity: number): string {
  return `/checkout?mallId=${id}&quantity=${quantity}`;
}
