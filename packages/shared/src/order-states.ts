/**
 * The order's state table: every status, what a buyer may do in it, and the only moves between
 * statuses. The server's orders module moves orders by this table; the lists below (paid,
 * deletable, open for after-sales, tabs, names) are derived from it, so no other file spells them out.
 */

export interface OrderStateInfo {
  /** The Chinese name buyers and operators see. */
  name: string;
  /** Status colour on the screens, also used as text: 4.5 : 1 or more on white (WCAG 2 AA). */
  color: string;
  /** The buyer has paid and the money has not gone back in full. */
  paid: boolean;
  /** Waiting for someone (the buyer or the shop): highlighted counts. */
  waiting: boolean;
  /** Shown as a tab of 我的订单 (after 全部). */
  tab: boolean;
  /** What a buyer may do in this status (narrowed by time and after-sales on the server). */
  buyerActions: readonly OrderBuyerAction[];
}

export type OrderBuyerAction = 'pay' | 'cancel' | 'confirmReceipt' | 'buyAgain' | 'afterSale' | 'delete';

export const ORDER_STATES = {
  PENDING_PAYMENT: {
    name: '待付款',
    color: '#ad4e00',
    paid: false,
    waiting: true,
    tab: true,
    buyerActions: ['pay', 'cancel'],
  },
  PENDING_SHIPMENT: {
    name: '待发货',
    color: '#7b5a98',
    paid: true,
    waiting: true,
    tab: true,
    buyerActions: ['buyAgain', 'afterSale'],
  },
  PENDING_RECEIPT: {
    name: '待收货',
    color: '#0958d9',
    paid: true,
    waiting: true,
    tab: true,
    buyerActions: ['confirmReceipt', 'buyAgain', 'afterSale'],
  },
  COMPLETED: {
    name: '已完成',
    color: '#237804',
    paid: true,
    waiting: false,
    tab: true,
    buyerActions: ['buyAgain', 'afterSale', 'delete'],
  },
  CANCELLED: {
    name: '已取消',
    color: '#6b6b6b',
    paid: false,
    waiting: false,
    tab: true,
    buyerActions: ['buyAgain', 'delete'],
  },
  /** Every unit was refunded before shipment: nothing left to ship, stock back. */
  CLOSED: {
    name: '已关闭',
    color: '#6b6b6b',
    paid: false,
    waiting: false,
    tab: false,
    buyerActions: ['buyAgain', 'delete'],
  },
} as const satisfies Record<string, OrderStateInfo>;

export type OrderStatus = keyof typeof ORDER_STATES;
export const ORDER_STATUSES = Object.keys(ORDER_STATES) as OrderStatus[];

/**
 * The only ways an order's status changes, each with the moment it publishes to subscribers.
 * Refunds that leave something to ship are moments without a status change (see OrderMoment).
 */
export const ORDER_TRANSITIONS = {
  pay: { from: ['PENDING_PAYMENT'], to: 'PENDING_SHIPMENT', moment: 'paid' },
  cancel: { from: ['PENDING_PAYMENT'], to: 'CANCELLED', moment: 'cancelled' },
  ship: { from: ['PENDING_SHIPMENT'], to: 'PENDING_RECEIPT', moment: 'shipped' },
  confirmReceipt: { from: ['PENDING_RECEIPT'], to: 'COMPLETED', moment: 'completed' },
  closeAfterRefund: { from: ['PENDING_SHIPMENT'], to: 'CLOSED', moment: 'closed' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; moment: string }>;
export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** The moments of an order's life that subscribers hear about. */
export type OrderMoment = 'placed' | (typeof ORDER_TRANSITIONS)[OrderTransition]['moment'] | 'refunded';

export function isOrderStatus(s: string): s is OrderStatus {
  return Object.hasOwn(ORDER_STATES, s);
}

export function orderStatusName(s: string): string {
  return isOrderStatus(s) ? ORDER_STATES[s].name : s;
}

export function canTransition(action: OrderTransition, status: string): boolean {
  return (ORDER_TRANSITIONS[action].from as readonly string[]).includes(status);
}

const statusesWhere = (test: (info: OrderStateInfo) => boolean) =>
  ORDER_STATUSES.filter((s) => test(ORDER_STATES[s]));

/** Paid and not refunded in full: a payment page shows 已支付, a second payment is refused. */
export const PAID_ORDER_STATUSES = statusesWhere((i) => i.paid);
/** The buyer may hide these from the list. */
export const DELETABLE_ORDER_STATUSES = statusesWhere((i) => i.buyerActions.includes('delete'));
/** After-sales may be applied for in these (the completed ones within the window). */
export const AFTERSALE_ORDER_STATUSES = statusesWhere((i) => i.buyerActions.includes('afterSale'));
/** Counts shown in red: something is still to happen. */
export const WAITING_ORDER_STATUSES = statusesWhere((i) => i.waiting);

export const ORDER_ACTION_NAMES: Record<OrderBuyerAction, string> = {
  pay: '去付款',
  cancel: '取消订单',
  confirmReceipt: '确认收货',
  buyAgain: '再次购买',
  afterSale: '申请售后',
  delete: '删除订单',
};

/** The tabs of 我的订单: 全部, then each status marked as a tab. */
export const ORDER_TABS: readonly { status: 'ALL' | OrderStatus; name: string }[] = [
  { status: 'ALL', name: '全部' },
  ...statusesWhere((i) => i.tab).map((status) => ({ status, name: ORDER_STATES[status].name })),
];
