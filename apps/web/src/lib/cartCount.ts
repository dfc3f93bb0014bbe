import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { CartCount } from '../types.ts';
import { cartKeys } from './cartKeys.ts';

export function getCartCount() {
  // Silent: the header badge must never raise a dialog or toast on its own.
  return request.get<CartCount>('/member/trade/cart/count', undefined, { silent: true });
}

export function useCartCount(enabled: boolean) {
  return useQuery({ queryKey: cartKeys.count, queryFn: getCartCount, enabled });
}
