import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipInput } from '../../../entities/order/components/ShipModal.tsx';
import { request } from '../../../lib/request.ts';
import { ordersKeys } from './ordersKeys.ts';

/** 待发货 → 待收货. Silent: the dialog shows the server's message (a second ship is refused there). */
export function shipOrder(input: ShipInput) {
  return request.post<{ orderNo: string; status: string }>('/ops/order/ship', input, { silent: true });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
