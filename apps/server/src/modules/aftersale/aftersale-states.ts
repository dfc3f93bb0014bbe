import { Code } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';

export const AFTERSALE_STATUS = {
  PENDING_REVIEW: '待审核',
  PENDING_BUYER_RETURN: '待买家退货',
  PENDING_MERCHANT_RECEIPT: '待商家收货',
  REFUNDING: '退款中',
  COMPLETED: '已完成',
  REJECTED: '已拒绝',
  WITHDRAWN: '已撤销',
} as const;
export type AfterSaleStatus = keyof typeof AFTERSALE_STATUS;

export const AFTERSALE_TYPES = { REFUND_ONLY: '仅退款', RETURN_REFUND: '退货退款' } as const;
export type AfterSaleType = keyof typeof AFTERSALE_TYPES;

/**
 * Transitions by action. `approve` depends on the type: a refund-only request goes straight to
 * 退款中, a return first waits for the buyer's parcel.
 */
export const AFTERSALE_TRANSITIONS = {
  approve: { from: ['PENDING_REVIEW'] },
  reject: { from: ['PENDING_REVIEW'], to: 'REJECTED' },
  withdraw: { from: ['PENDING_REVIEW', 'PENDING_BUYER_RETURN'], to: 'WITHDRAWN' },
  submitReturn: { from: ['PENDING_BUYER_RETURN'], to: 'PENDING_MERCHANT_RECEIPT' },
  receive: { from: ['PENDING_MERCHANT_RECEIPT'], to: 'REFUNDING' },
  refund: { from: ['REFUNDING'], to: 'COMPLETED' },
} as const;
export type AfterSaleAction = keyof typeof AFTERSALE_TRANSITIONS;

export function nextAfterSaleStatus(action: AfterSaleAction, status: string, type: AfterSaleType): AfterSaleStatus {
  const rule = AFTERSALE_TRANSITIONS[action];
  if (!(rule.from as readonly string[]).includes(status)) {
    const name = AFTERSALE_STATUS[status as AfterSaleStatus] ?? status;
    throw new AppError(Code.AFTERSALE_STATE, `售后单${name}，不能进行此操作`);
  }
  if (action === 'approve') return type === 'REFUND_ONLY' ? 'REFUNDING' : 'PENDING_BUYER_RETURN';
  return (rule as { to: AfterSaleStatus }).to;
}

/** Statuses in which a request still holds part of an item's refundable amount. */
export const OPEN_OR_DONE: AfterSaleStatus[] = [
  'PENDING_REVIEW',
  'PENDING_BUYER_RETURN',
  'PENDING_MERCHANT_RECEIPT',
  'REFUNDING',
  'COMPLETED',
];
