import type { CheckoutSource } from '../types.ts';

/** Query keys of checkout (the real-name list and addresses are read through their own keys). */
export const checkoutKeys = {
  quote: (source: CheckoutSource | undefined, addressId: string | undefined, couponId?: string | null, points = 0) =>
    ['trade', 'checkout', 'quote', source, addressId ?? null, couponId === undefined ? 'best' : couponId, points] as const,
};
