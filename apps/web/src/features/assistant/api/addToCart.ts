import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setCartCount } from '../../../lib/cartCount.ts';
import { cartKeys } from '../../../lib/queryKeys.ts';
import { request } from '../../../lib/request.ts';

interface CartAddReply {
  count: number;
  lines: number;
}

/** The shop's own cart add, with the buyer's token: what a confirmed 加入购物车 card calls. */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ skuId, quantity }: { skuId: number; quantity: number }) =>
      request.post<CartAddReply>('/member/trade/cart/add', { skuId, quantity }),
    onSuccess: (reply) => {
      setCartCount(client, { count: reply.count, lines: reply.lines });
      void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
