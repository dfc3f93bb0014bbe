import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutSubmitted } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { cartKeys, orderKeys } from '../../../lib/queryKeys.ts';
import type { CheckoutSource } from '../types.ts';

export interface SubmitInput {
  source: CheckoutSource;
  addressId: string;
  remark?: string;
  realNameId?: string;
  /** The coupon the quote applied, or null for none: the order is priced as the buyer saw it. */
  couponId: string | null;
  /** Kept for the page's life: a double click or a retry makes one order. */
  idempotencyKey: string;
}

export function submitCheckout({ source, ...rest }: SubmitInput) {
  return request.post<CheckoutSubmitted>('/member/trade/checkout/submit', { ...source, ...rest });
}

export function useSubmitCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitCheckout,
    // The bought lines left the cart; the orders list has a new one.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
