/**
 * The after-sale request's state table: statuses with their names, the buyer's actions in each,
 * and the only moves between them. The server's after-sale module moves requests by this table;
 * the screens read names, colours, tabs and actions from here.
 */

export type AfterSaleBuyerAction = 'withdraw' | 'submitReturn';

export interface AfterSaleStateInfo {
  name: string;
  /** antd Tag colour. */
  color: string;
  /** Still being handled: the order line shows 售后中 and the order cannot be deleted. */
  open: boolean;
  /** Holds part of the line's refundable quantity and amount (open, or refunded). */
  holdsRefund: boolean;
  buyerActions: readonly AfterSaleBuyerAction[];
}

export const AFTERSALE_STATES = {
  PENDING_REVIEW: { name: '待审核', color: 'orange', open: true, holdsRefund: true, buyerActions: ['withdraw'] },
  PENDING_BUYER_RETURN: {
    name: '待买家退货',
    color: 'gold',
    open: true,
    holdsRefund: true,
    buyerActions: ['submitReturn', 'withdraw'],
  },
  PENDING_MERCHANT_RECEIPT: { name: '待商家收货', color: 'blue', open: true, holdsRefund: true, buyerActions: [] },
  REFUNDING: { name: '退款中', color: 'purple', open: true, holdsRefund: true, buyerActions: [] },
  COMPLETED: { name: '已完成', color: 'green', open: false, holdsRefund: true, buyerActions: [] },
  REJECTED: { name: '已拒绝', color: 'red', open: false, holdsRefund: false, buyerActions: [] },
  WITHDRAWN: { name: '已撤销', color: 'default', open: false, holdsRefund: false, buyerActions: [] },
} as const satisfies Record<string, AfterSaleStateInfo>;

export type AfterSaleStatus = keyof typeof AFTERSALE_STATES;
export const AFTERSALE_STATUSES = Object.keys(AFTERSALE_STATES) as AfterSaleStatus[];

export const AFTERSALE_TYPES = { REFUND_ONLY: '仅退款', RETURN_REFUND: '退货退款' } as const;
export type AfterSaleType = keyof typeof AFTERSALE_TYPES;

/**
 * Moves by action. `approve` depends on the type: a refund-only request goes straight to 退款中,
 * a return first waits for the buyer's parcel (see afterSaleTarget).
 */
export const AFTERSALE_TRANSITIONS = {
  approve: { from: ['PENDING_REVIEW'], to: { REFUND_ONLY: 'REFUNDING', RETURN_REFUND: 'PENDING_BUYER_RETURN' } },
  reject: { from: ['PENDING_REVIEW'], to: 'REJECTED' },
  withdraw: { from: ['PENDING_REVIEW', 'PENDING_BUYER_RETURN'], to: 'WITHDRAWN' },
  submitReturn: { from: ['PENDING_BUYER_RETURN'], to: 'PENDING_MERCHANT_RECEIPT' },
  receive: { from: ['PENDING_MERCHANT_RECEIPT'], to: 'REFUNDING' },
  refund: { from: ['REFUNDING'], to: 'COMPLETED' },
} as const satisfies Record<
  string,
  { from: readonly AfterSaleStatus[]; to: AfterSaleStatus | Record<AfterSaleType, AfterSaleStatus> }
>;
export type AfterSaleAction = keyof typeof AFTERSALE_TRANSITIONS;

export function isAfterSaleStatus(s: string): s is AfterSaleStatus {
  return Object.hasOwn(AFTERSALE_STATES, s);
}

export function afterSaleStatusName(s: string): string {
  return isAfterSaleStatus(s) ? AFTERSALE_STATES[s].name : s;
}

/** The status `action` leads to from `status`, or undefined when the table does not allow it. */
export function afterSaleTarget(action: AfterSaleAction, status: string, type: AfterSaleType): AfterSaleStatus | undefined {
  const rule = AFTERSALE_TRANSITIONS[action];
  if (!(rule.from as readonly string[]).includes(status)) return undefined;
  return typeof rule.to === 'string' ? rule.to : rule.to[type];
}

const statusesWhere = (test: (info: AfterSaleStateInfo) => boolean) =>
  AFTERSALE_STATUSES.filter((s) => test(AFTERSALE_STATES[s]));

export const OPEN_AFTERSALE_STATUSES = statusesWhere((i) => i.open);
export const REFUND_HOLDING_AFTERSALE_STATUSES = statusesWhere((i) => i.holdsRefund);

export const AFTERSALE_TABS: readonly { status: 'ALL' | AfterSaleStatus; name: string }[] = [
  { status: 'ALL', name: '全部' },
  ...AFTERSALE_STATUSES.map((status) => ({ status, name: AFTERSALE_STATES[status].name })),
];
