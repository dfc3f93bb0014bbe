import type { AfterSaleDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { useAfterSaleAction } from './useAfterSaleAction.ts';

/** 退款: the money goes back the way it came (the payment provider), once → 已完成. */
export function refundAfterSale(afterSaleNo: string) {
  return request.post<AfterSaleDetail>('/ops/afterSale/refund', { afterSaleNo }, { timeoutMs: 30_000 });
}

export const useRefundAfterSale = () => useAfterSaleAction(refundAfterSale);
