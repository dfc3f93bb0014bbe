import { request } from '../../../lib/request.ts';
import type { Cart } from '../types.ts';
import { useCartMutation } from './useCartMutation.ts';

export function selectLine(v: { id: string; selected: boolean }) {
  return request.post<Cart>('/member/trade/cart/select', v);
}

export function selectAll(selected: boolean) {
  return request.post<Cart>('/member/trade/cart/selectAll', { selected });
}

export const useSelectLine = () => useCartMutation(selectLine);
export const useSelectAll = () => useCartMutation(selectAll);
