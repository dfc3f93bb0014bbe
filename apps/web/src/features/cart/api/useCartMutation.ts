import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../types.ts';
import { cartKeys } from '../../../lib/queryKeys.ts';

/**
 * Every cart write answers with the whole cart: it replaces the cached list at once, and the
 * header count is refetched.
 */
export function useCartMutation<V, R extends Cart = Cart>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (cart) => {
      client.setQueryData(cartKeys.list, { lines: cart.lines, summary: cart.summary });
      void client.invalidateQueries({ queryKey: cartKeys.count });
    },
    // A refusal (stock changed, line gone) leaves the page stale: read the cart again.
    onError: () => void client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
