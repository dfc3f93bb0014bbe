import { request } from '../../../lib/request.ts';
import type { Cart } from '../types.ts';
import { useCartMutation } from './useCartMutation.ts';

export function removeLines(ids: string[]) {
  return request.post<Cart & { removed: number }>('/member/trade/cart/remove', { ids });
}

/** Removes 已下架 / 已售罄 lines. */
export function clearInvalid() {
  return request.post<Cart & { removed: number }>('/member/trade/cart/clearInvalid');
}

export const useRemoveLines = () => useCartMutation(removeLines);
export const useClearInvalid = () => useCartMutation(clearInvalid);
