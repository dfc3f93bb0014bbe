import { useQuery, type QueryClient } from '@tanstack/react-query';
import { cartKeys } from './queryKeys.ts';
import { request } from './request.ts';
import { useSession } from './session.ts';

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

/**
 * What a cart link shows: the signed-in member's pieces (0 signed out) and its name for screen
 * readers (购物车，N 件商品, or 购物车 alone when signed out).
 */
export function useCartPieces() {
  const { user } = useSession();
  const count = useCartCount(Boolean(user)).data?.count ?? 0;
  return user ? { count, label: `购物车，${count} 件商品` } : { count: 0, label: '购物车' };
}

/** A write that answered with the new count shows it at once. */
export function setCartCount(client: QueryClient, count: CartCount) {
  client.setQueryData<CartCount>(cartKeys.count, count);
}
