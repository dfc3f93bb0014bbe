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
  /** The points of 积分抵扣 the quote applied (0: none). */
  points: number;
  /** Kept for the page's life: a double click or a retry makes one order. */
  idempotencyKey: string;
}

/** The request body: a redemption sends neither a coupon nor 积分抵扣 (its points are the goods' price). */
export function submitBody({ source, couponId, points, ...rest }: SubmitInput) {
  if ('pointsMall' in source) return { ...source, ...rest };
  return { ...source, ...rest, couponId, points: points > 0 ? points : undefined };
}

export function submitCheckout(input: SubmitInput) {
  return request.post<CheckoutSubmitted>('/member/trade/checkout/submit', submitBody(input));
}

/** The points area's queries (balance, ledger, the mall's stock) all start with this. */
const POINTS_AREA = ['points'] as const;

export function useSubmitCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitCheckout,
    // The bought lines left the cart; the orders list has a new one; points and mall stock were taken.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
      void client.invalidateQueries({ queryKey: POINTS_AREA });
    },
  });
}
