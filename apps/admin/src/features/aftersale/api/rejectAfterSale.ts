import type { AfterSaleDetail } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { useAfterSaleAction } from './useAfterSaleAction.ts';

/** 拒绝 with the reason the buyer reads (2–100 characters). Silent: the dialog shows the message. */
export function rejectAfterSale(v: { afterSaleNo: string; reason: string }) {
  return request.post<AfterSaleDetail>('/ops/afterSale/reject', v, { silent: true });
}

export const useRejectAfterSale = () => useAfterSaleAction(rejectAfterSale);
