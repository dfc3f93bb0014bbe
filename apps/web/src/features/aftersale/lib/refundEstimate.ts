import type { ApplyInfo } from '@mall/shared';

/**
 * The refund the server will compute for `quantity` units (aftersale/refund-amount.ts): the rest
 * of the money for the rest of the units, else the floored share — shown before submitting.
 */
export function refundEstimate(info: Pick<ApplyInfo, 'paidShare' | 'maxQuantity' | 'maxRefund' | 'goods'>, quantity: number): number {
  if (quantity >= info.maxQuantity) return info.maxRefund;
  return Math.min(info.maxRefund, Math.floor((info.paidShare * quantity) / info.goods.boughtQuantity));
}
