/** Replies of /member/trade/checkout/quote and /submit (flows/checkout.ts). Money is integer fen. */
import type { OrderStatus } from '../order-states.ts';
import type { Address } from './address.ts';

export interface CheckoutQuoteItem {
  /** null for 立即购买. */
  cartItemId: string | null;
  skuId: number;
  goodsId: number;
  goodsName: string;
  image: string | null;
  specText: string;
  unitPrice: number;
  quantity: number;
  goodsAmount: number;
  discountAmount: number;
  payable: number;
  isCrossBorder: boolean;
  /** The running activity that prices this line (its unit price `priceFen`), if any. */
  activity?: { id: number; title: string; kindText: string; priceFen: number } | null;
}

/** Every amount is the server's. */
export interface CheckoutQuote {
  items: CheckoutQuoteItem[];
  goodsAmount: number;
  activityDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  freight: number;
  payableAmount: number;
  totalQuantity: number;
  freightRule: { freeFromFen: number; feeFen: number };
  /** The chosen address, else the default one, else null. */
  address: Address | null;
  needsRealName: boolean;
  realNameHint: string | null;
  payMinutes: number;
  /** 积分抵扣 (or, for a redemption, the points it costs). */
  points: CheckoutPoints;
  /** Set when the checkout redeems a points-mall goods (立即兑换). */
  redemption: CheckoutRedemption | null;
}

/**
 * The points of a checkout. For a usual order the buyer may use up to `maxUsable` points (the
 * balance, and at most `maxDeductPercent` of the goods after the coupon, at `fenPer100Points` fen per
 * 100); `used` of them take `valueFen` off. For a redemption `used` is what the goods costs in points.
 */
export interface CheckoutPoints {
  balance: number;
  maxUsable: number;
  used: number;
  valueFen: number;
  fenPer100Points: number;
  maxDeductPercent: number;
  /** Why 积分抵扣 is not offered for this order (null when it is). */
  hint: string | null;
}

/** A points-mall goods being redeemed: its price in points plus cash, the quantity, the member's limit. */
export interface CheckoutRedemption {
  mallGoodsId: number;
  pointsPrice: number;
  cashFen: number;
  quantity: number;
  /** pointsPrice × quantity. */
  points: number;
  /** 0: no limit. */
  perMemberLimit: number;
  /** How many more this member may redeem (null: no limit). */
  remaining: number | null;
}

export interface CheckoutSubmitted {
  orderNo: string;
  status: OrderStatus;
  payableAmount: number;
  payDeadline: string;
  /** false when this idempotency key had already made the order (a double click or a retry). */
  created: boolean;
}
