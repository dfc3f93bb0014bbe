import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutQuote } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { CheckoutSource } from '../types.ts';
import { checkoutKeys } from './checkoutKeys.ts';

export function quoteCheckout(source: CheckoutSource, addressId?: string) {
  // silent: the page shows a refusal (sold out, off shelf) itself, in place of the order.
  return request.post<CheckoutQuote>('/member/trade/checkout/quote', { ...source, addressId }, { silent: true });
}

export function useQuote(source: CheckoutSource | undefined, addressId: string | undefined) {
  return useQuery({
    queryKey: checkoutKeys.quote(source, addressId),
    queryFn: () => quoteCheckout(source!, addressId),
    enabled: Boolean(source),
    placeholderData: keepPreviousData,
    // Prices and stock move: always ask again when the page is shown.
    staleTime: 0,
  });
}
