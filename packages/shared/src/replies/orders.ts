/**
 * Replies of the buyer's order calls (/member/order/order/*) and the operators' order calls, as the
 * orders presenter shapes them. Times are ISO 8601 in UTC; money is integer fen.
 */
import type { Page } from '../envelope.ts';
import type { OrderBuyerAction, OrderStatus } from '../order-states.ts';
import type { OrderShipment } from './store.ts';
import type { ActivityKind } from './activities.ts';

/** The activity whose price an order line was bought at; null on other lines and on lines placed before lines kept it. */
export interface OrderLineActivity {
  id: number;
  kind: ActivityKind;
  /** 秒杀 or 限时折扣: the line's tag. */
  kindText: string;
  /** What the activity price took off this line (fen). */
  discount: number;
}

export const ORDER_DISCOUNT_KINDS = ['FLASH_SALE', 'TIME_DISCOUNT', 'ACTIVITY', 'COUPON', 'POINTS'] as const;
export type OrderDiscountKind = (typeof ORDER_DISCOUNT_KINDS)[number];
/**
 * One kind of discount an order got, as its pages list them (秒杀优惠, 限时折扣, 优惠券, 积分抵扣; 活动优惠
 * for an activity discount of lines that do not say which activity). The parts sum to `discountAmount`.
 */
export interface OrderDiscountPart {
  kind: OrderDiscountKind;
  name: string;
  amount: number;
}

/** The latest after-sale request of an order line. */
export interface OrderItemAfterSale {
  /** For the link to its detail (/user/order/afterSaleOrderDetail/<id>). */
  id: string;
  /** Still being handled: the line shows 售后中, and the order cannot be deleted meanwhile. */
  open: boolean;
}

export interface OrderItem {
  id: string;
  goodsId: number;
  skuId: number;
  name: string;
  image: string | null;
  specText: string;
  unitPrice: number;
  quantity: number;
  goodsAmount: number;
  discountAmount: number;
  /** The order's payable (freight included) allocated to this line: its refundable cap. */
  paidShare: number;
  isCrossBorder: boolean;
  /** Units refunded so far by completed after-sales. */
  refundedQuantity: number;
  afterSale: OrderItemAfterSale | null;
  activity: OrderLineActivity | null;
}

/** A button of the order in its state, narrowed by time and after-sales on the server. */
export interface OrderAction {
  key: OrderBuyerAction;
  name: string;
}

export interface OrderAmounts {
  goodsAmount: number;
  activityDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  /** activity + coupon + points. */
  discountAmount: number;
  /** The same split by kind, only those that took something off. */
  discounts: OrderDiscountPart[];
  freight: number;
  payableAmount: number;
  paidAmount: number;
}

export interface OrderSummary extends OrderAmounts {
  orderNo: string;
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  /** Only while PENDING_PAYMENT. */
  payDeadline: string | null;
  payRemainingSeconds: number;
  totalQuantity: number;
  items: OrderItem[];
  actions: OrderAction[];
}

/** The address snapshot taken when the order was placed. */
export interface OrderAddress {
  receiverName: string;
  mobile: string;
  provinceName: string;
  cityName: string;
  districtName: string | null;
  detail: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string | null;
  fullAddress: string;
}

export interface OrderTimelineEvent {
  type: string;
  title: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  toStatusText: string | null;
  actor: string;
  note: string | null;
  at: string;
}

export interface OrderDetail extends OrderSummary {
  remark: string;
  address: OrderAddress;
  realNameId: string | null;
  /** The real-name record chosen at checkout, number masked; null when none was needed. */
  realName: { name: string; idNumberMasked: string } | null;
  paymentMethod: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** When the last unit was refunded before shipment (status CLOSED). */
  closedAt: string | null;
  logistics: { company: string | null; trackingNo: string; shippedAt: string | null } | null;
  /** Each party's parcel (the shop's and each store's); logistics stays the last one for single-party orders. */
  shipments: OrderShipment[];
  /** Only for COMPLETED: the end of the after-sale window. */
  afterSaleDeadline: string | null;
  timeline: OrderTimelineEvent[];
}

/** /member/order/order/page: one page of orders and the count per tab. */
export interface OrderPage extends Page<OrderSummary> {
  counts: Record<'ALL' | OrderStatus, number>;
}

/** /member/order/order/counts. */
export interface OrderCounts {
  counts: Record<'ALL' | OrderStatus, number>;
  tabs: { status: 'ALL' | OrderStatus; name: string; count: number }[];
}

/** /member/order/order/buyAgain: lines put back into the cart, and those that could not be. */
export interface BuyAgainResult {
  added: number;
  skipped: { skuId: number; name: string; reason: string }[];
}
