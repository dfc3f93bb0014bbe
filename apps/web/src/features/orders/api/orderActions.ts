import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyAgainResult, OrderDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { cartKeys, orderKeys } from '../../../lib/queryKeys.ts';

export function cancelOrder(v: { orderNo: string; reason?: string }) {
  return request.post<OrderDetail>('/member/order/order/cancel', v);
}

export function confirmReceipt(orderNo: string) {
  return request.post<OrderDetail>('/member/order/order/confirm', { orderNo });
}

export function deleteOrder(orderNo: string) {
  return request.post<null>('/member/order/order/delete', { orderNo });
}

export function buyAgain(orderNo: string) {
  return request.post<BuyAgainResult>('/member/order/order/buyAgain', { orderNo });
}

/** After any order action the lists, counts and details are read again. */
function useOrderMutation<V, R>(fn: (v: V) => Promise<R>, alsoCart = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: orderKeys.all });
      if (alsoCart) void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}

export const useCancelOrder = () => useOrderMutation(cancelOrder);
export const useConfirmReceipt = () => useOrderMutation(confirmReceipt);
export const useDeleteOrder = () => useOrderMutation(deleteOrder);
export const useBuyAgain = () => useOrderMutation(buyAgain, true);
