import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCartCount } from '../../../lib/cartCount.ts';
import { cartKeys } from '../../../lib/queryKeys.ts';
import { request } from '../../../lib/request.ts';

export interface CartAddReply {
  id: string;
  /** Pieces in the cart after adding. */
  count: number;
  lines: number;
}

export function addToCart(skuId: number, quantity: number) {
  return request.post<CartAddReply>('/member/trade/cart/add', { skuId, quantity });
}

/** The cart's queries (list, header count) are refreshed after an add. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ skuId, quantity }: { skuId: number; quantity: number }) => addToCart(skuId, quantity),
    onSuccess: (reply) => {
      setCartCount(client, { count: reply.count, lines: reply.lines });
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
