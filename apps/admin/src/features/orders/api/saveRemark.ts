import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { ordersKeys } from './ordersKeys.ts';

/** The operators' own note on an order (never shown to the buyer); "" clears it. */
export function saveRemark(input: { orderNo: string; remark: string }) {
  return request.post<{ orderNo: string; opsRemark: string }>('/ops/order/remark', input, { silent: true });
}

export function useSaveRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRemark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
