import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleManualRefund } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { aftersaleKeys, ORDERS_KEY } from './aftersaleKeys.ts';

/** 登记已退款: the money was given back outside the shop; recorded once. Silent: the dialog says why not. */
export function recordManualRefund(v: { paymentId: string; note: string }) {
  return request.post<ConsoleManualRefund>('/ops/payment/refundRecorded', v, { silent: true });
}

export function useRecordManualRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordManualRefund,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: aftersaleKeys.all }),
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
      ]);
    },
  });
}
