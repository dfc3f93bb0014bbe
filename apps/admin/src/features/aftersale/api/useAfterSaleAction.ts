import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AfterSaleDetail } from '@mall/shared';
import { aftersaleKeys, INVENTORY_KEY, ORDERS_KEY } from './aftersaleKeys.ts';

/**
 * A review action's mutation: afterwards the queue, the request, the orders (已退, 售后中, status)
 * and the stock screens are read again. Calls are not silent: a refusal (already handled by someone
 * else, 售后单状态已变化) is the server's toast.
 */
export function useAfterSaleAction<V>(call: (v: V) => Promise<AfterSaleDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: aftersaleKeys.all }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        queryClient.invalidateQueries({ queryKey: INVENTORY_KEY }),
      ]);
    },
  });
}
