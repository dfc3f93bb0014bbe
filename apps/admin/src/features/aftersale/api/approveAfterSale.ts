import type { AfterSaleDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { useAfterSaleAction } from './useAfterSaleAction.ts';

/** 同意: 仅退款 → 退款中; 退货退款 → 待买家退货. A second approval is refused by the server. */
export function approveAfterSale(afterSaleNo: string) {
  return request.post<AfterSaleDetail>('/ops/afterSale/approve', { afterSaleNo });
}

export const useApproveAfterSale = () => useAfterSaleAction(approveAfterSale);
