import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { Cart } from '../types.ts';
import { cartKeys } from '../../../lib/queryKeys.ts';

export function getCart() {
  return request.get<Cart>('/member/trade/cart/list');
}

export function useCart() {
  return useQuery({ queryKey: cartKeys.list, queryFn: getCart });
}
