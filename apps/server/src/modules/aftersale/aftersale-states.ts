import {
  afterSaleStatusName,
  afterSaleTarget,
  Code,
  REFUND_HOLDING_AFTERSALE_STATUSES,
  type AfterSaleAction,
  type AfterSaleStatus,
  type AfterSaleType,
} from '@mall/shared';
import { AppError } from '../../lib/errors.ts';

/** The state table lives in packages/shared (the screens read it too); this adds the server's refusal. */
export function nextAfterSaleStatus(action: AfterSaleAction, status: string, type: AfterSaleType): AfterSaleStatus {
  const to = afterSaleTarget(action, status, type);
  if (!to) throw new AppError(Code.AFTERSALE_STATE, `售后单${afterSaleStatusName(status)}，不能进行此操作`);
  return to;
}

/** Statuses in which a request still holds part of an item's refundable amount. */
export const OPEN_OR_DONE = REFUND_HOLDING_AFTERSALE_STATUSES;
