import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AfterSaleDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { orderKeys } from '../../../lib/queryKeys.ts';
import { afterSaleKeys } from './afterSaleKeys.ts';

export function withdrawAfterSale(id: string) {
  return request.post<AfterSaleDetail>('/member/order/afterSale/withdraw', { id });
}

export function submitReturnLogistics(v: { id: string; company: string; trackingNo: string }) {
  return request.post<AfterSaleDetail>('/member/order/afterSale/returnLogistics', v);
}

function useAfterSaleMutation<V>(fn: (v: V) => Promise<AfterSaleDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: afterSaleKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export const useWithdrawAfterSale = () => useAfterSaleMutation(withdrawAfterSale);
export const useSubmitReturn = () => useAfterSaleMutation(submitReturnLogistics);
