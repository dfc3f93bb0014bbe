import type { AfterSaleDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { useAfterSaleAction } from './useAfterSaleAction.ts';

/** 确认收到退货: the returned units go back into stock (a 退货入库 row of the ledger) → 退款中. */
export function receiveAfterSale(afterSaleNo: string) {
  return request.post<AfterSaleDetail>('/ops/afterSale/receive', { afterSaleNo });
}

export const useReceiveAfterSale = () => useAfterSaleAction(receiveAfterSale);
