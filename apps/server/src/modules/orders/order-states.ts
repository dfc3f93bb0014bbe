import { Code } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';

/** Order statuses, with the Chinese names buyers see. */
export const ORDER_STATUS = {
  PENDING_PAYMENT: '待付款',
  PENDING_SHIPMENT: '待发货',
  PENDING_RECEIPT: '待收货',
  COMPLETED: '已完成',
  CANCELLED: '已取消',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS;

/** The only ways an order's status changes; anything else is refused. */
export const ORDER_TRANSITIONS = {
  pay: { from: ['PENDING_PAYMENT'], to: 'PENDING_SHIPMENT' },
  cancel: { from: ['PENDING_PAYMENT'], to: 'CANCELLED' },
  ship: { from: ['PENDING_SHIPMENT'], to: 'PENDING_RECEIPT' },
  confirmReceipt: { from: ['PENDING_RECEIPT'], to: 'COMPLETED' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;
export type OrderAction = keyof typeof ORDER_TRANSITIONS;

export function canApply(action: OrderAction, status: string): boolean {
  return (ORDER_TRANSITIONS[action].from as readonly string[]).includes(status);
}

/** The status after `action`, or a refusal naming the current status in Chinese. */
export function nextStatus(action: OrderAction, status: string): OrderStatus {
  if (!canApply(action, status)) {
    const name = ORDER_STATUS[status as OrderStatus] ?? status;
    throw new AppError(Code.ORDER_STATE, `订单${name}，不能进行此操作`);
  }
  return ORDER_TRANSITIONS[action].to;
}

/** Actions a buyer may take on an order in a given state (for the screens). */
export function buyerActions(status: string, opts: { deleted?: boolean } = {}): string[] {
  switch (status) {
    case 'PENDING_PAYMENT':
      return ['pay', 'cancel'];
    case 'PENDING_SHIPMENT':
      return ['buyAgain', 'afterSale'];
    case 'PENDING_RECEIPT':
      return ['confirmReceipt', 'buyAgain', 'afterSale'];
    case 'COMPLETED':
      return opts.deleted ? [] : ['buyAgain', 'afterSale', 'delete'];
    case 'CANCELLED':
      return opts.deleted ? [] : ['buyAgain', 'delete'];
    default:
      return [];
  }
}
