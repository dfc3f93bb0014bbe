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

export function quoteCheckout(source: CheckoutSource, addressId?: string, couponId?: CouponChoice) {
  // silent: the page shows a refusal (sold out, off shelf) itself, in place of the order.
  return request.post<CheckoutQuoteWithCoupons>('/member/trade/checkout/quote', { ...source, addressId, couponId }, { silent: true });
}

export function useQuote(source: CheckoutSource | undefined, addressId: string | undefined, couponId?: CouponChoice) {
  return useQuery({
    queryKey: checkoutKeys.quote(source, addressId, couponId),
    queryFn: () => quoteCheckout(source!, addressId, couponId),
    enabled: Boolean(source),
    placeholderData: keepPreviousData,
    // Prices and stock move: always ask again when the page is shown.
    staleTime: 0,
  });
}
