import { useQuery, type QueryClient } from '@tanstack/react-query';
import { cartKeys } from './queryKeys.ts';
import { request } from './request.ts';

/** The cart count: with the session, the only global state (architecture); the header shows it. */
export interface CartCount {
  /** Pieces in the cart. */
  count: number;
  lines: number;
}

export function getCartCount() {
  // Silent: the header badge must never raise a dialog or toast on its own.
  return request.get<CartCount>('/member/trade/cart/count', undefined, { silent: true });
}

export function useCartCount(enabled: boolean) {
  return useQuery({ queryKey: cartKeys.count, queryFn: getCartCount, enabled });
}

/** A write that answered with the new count shows it at once. */
export function setCartCount(client: QueryClient, count: CartCount) {
  client.setQueryData<CartCount>(cartKeys.count, count);
}
