import { request } from '../../../lib/request.ts';
import type { Cart } from '../types.ts';
import { useCartMutation } from './useCartMutation.ts';

export function updateQuantity(v: { id: string; quantity: number }) {
  return request.post<Cart>('/member/trade/cart/updateQuantity', v);
}

export const useUpdateQuantity = () => useCartMutation(updateQuantity);
