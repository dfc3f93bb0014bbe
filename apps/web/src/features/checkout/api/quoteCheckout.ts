import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutQuoteWithCoupons } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { CheckoutSource } from '../types.ts';
import { checkoutKeys } from './checkoutKeys.ts';

/**
 * The buyer's coupon choice: undefined lets the server pick the best usable one, null is 不使用优惠券,
 * a string is the member coupon chosen in the picker. The server prices it; the page only shows it.
 */
export type CouponChoice = string | null | undefined;

/** What the buyer chose besides the goods: the address, the coupon and how many points to spend (0: none). */
export interface QuoteChoices {
  addressId?: string;
  couponId?: CouponChoice;
  points?: number;
}

/** The request body: a redemption takes no coupon and no 积分抵扣, so neither is sent with it. */
export function quoteBody(source: CheckoutSource, { addressId, couponId, points }: QuoteChoices) {
  if ('pointsMall' in source) return { ...source, addressId };
  return { ...source, addressId, couponId, points: points && points > 0 ? points : undefined };
}

export function quoteCheckout(source: CheckoutSource, choices: QuoteChoices = {}) {
  // silent: the page shows a refusal (sold out, off shelf) itself, in place of the order.
  return request.post<CheckoutQuoteWithCoupons>('/member/trade/checkout/quote', quoteBody(source, choices), { silent: true });
}

export function useQuote(source: CheckoutSource | undefined, choices: QuoteChoices) {
  const { addressId, couponId, points = 0 } = choices;
  return useQuery({
    queryKey: checkoutKeys.quote(source, addressId, couponId, points),
    queryFn: () => quoteCheckout(source!, { addressId, couponId, points }),
    enabled: Boolean(source),
    placeholderData: keepPreviousData,
    // Prices and stock move: always ask again when the page is shown.
    staleTime: 0,
  });
}
