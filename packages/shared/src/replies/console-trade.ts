/**
 * Replies of the console's trade calls (/ops/order/*, /ops/afterSale/*, /ops/payment/*,
 * /ops/inventory/*), as the server's presenters shape them and the console reads them.
 */
import type { Page } from '../envelope.ts';
import type { AfterSale, AfterSaleDetail } from './aftersale.ts';
import type { AfterSaleStatus, AfterSaleType } from '../aftersale-states.ts';
import type { OrderStatus } from '../order-states.ts';
import type { OrderDiscountPart, OrderLineActivity } from './orders.ts';
import type { StockLedgerKind } from '../stock-ledger.ts';
import type { ConsoleOrderParty, OrderShipment } from './store.ts';

/* ---- 订单 ---- */

/** One line of an order as the console lists it. */
export interface ConsoleOrderLine {
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
  paidShare: number;
  /** Units and money given back by completed after-sales. */
  refundedQuantity: number;
  refundedAmount: number;
  /** After-sales on this line still being handled. */
  openAfterSales: number;
  /** The 秒杀 or 限时折扣 the line was bought in (null: none, or a line placed before lines kept it). */
  activity: OrderLineActivity | null;
}

export interface ConsoleOrderAmounts {
  goodsAmount: number;
  discountAmount: number;
  freight: number;
  payableAmount: number;
  paidAmount: number;
}

export interface ConsoleOrderAddress {
  receiverName: string;
  mobile: string;
  provinceName: string;
  cityName: string;
  districtName: string | null;
  detail: string;
  fullAddress: string;
}

/** A row of the console's order list. */
export interface ConsoleOrderRow extends ConsoleOrderAmounts {
  orderNo: string;
  memberId: string;
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  paymentMethod: string | null;
  paymentMethodText: string | null;
  /** The mobile is masked in the list (139****5678) and whole in the detail, for shipping. */
  address: ConsoleOrderAddress;
  totalQuantity: number;
  items: ConsoleOrderLine[];
  logistics: { company: string | null; trackingNo: string } | null;
  /** The buyer's note at checkout. */
  remark: string;
  /** The operators' own note (never shown to the buyer). */
  opsRemark: string;
  /** Some line has an after-sale being handled. */
  afterSaleOpen: boolean;
  deletedByBuyer: boolean;
}

/** GET /ops/order/list: a page, and the count per status under the same filters (status aside). */
export interface ConsoleOrderPage extends Page<ConsoleOrderRow> {
  counts: Record<'ALL' | OrderStatus, number>;
}

export interface ConsoleOrderTimelineEvent {
  type: string;
  title: string;
  toStatus: OrderStatus | null;
  toStatusText: string | null;
  actor: string;
  actorText: string;
  note: string | null;
  at: string;
}

/** A payment of an order as the payments module records it. */
export interface ConsolePayment {
  id: string;
  provider: string;
  providerText: string;
  amount: number;
  status: 'CREATED' | 'SUCCESS' | 'REFUND_REQUIRED' | 'REFUNDED';
  statusText: string;
  tradeNo: string | null;
  paidAt: string | null;
  note: string | null;
  refundedAt: string | null;
  refundedBy: string | null;
  refundNote: string | null;
  createdAt: string;
}

/** An after-sale of an order, briefly (the order detail's 售后记录). */
export interface ConsoleAfterSaleBrief {
  id: string;
  afterSaleNo: string;
  orderItemId: string;
  goodsName: string;
  type: AfterSaleType;
  typeText: string;
  status: AfterSaleStatus;
  statusText: string;
  quantity: number;
  refundAmount: number;
  createdAt: string;
}

/** GET /ops/order/detail: everything the operator needs to ship and answer the buyer; the full address and mobile. */
export interface ConsoleOrderDetail extends Omit<ConsoleOrderRow, 'items'> {
  items: (ConsoleOrderLine & { afterSales: ConsoleAfterSaleBrief[] })[];
  activityDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  /** `discountAmount` split by kind (秒杀优惠, 限时折扣, 优惠券, 积分抵扣…), only those that took something off. */
  discounts: OrderDiscountPart[];
  realName: { name: string; idNumberMasked: string } | null;
  payDeadline: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  closedAt: string | null;
  opsRemarkBy: string | null;
  opsRemarkAt: string | null;
  /** The payment that paid the order, if any. */
  payment: ConsolePayment | null;
  /** Every payment record of the order (attempts, the payment, money that must go back). */
  payments: ConsolePayment[];
  afterSales: ConsoleAfterSaleBrief[];
  timeline: ConsoleOrderTimelineEvent[];
  /** What the operator may do now (发货 only while 待发货, and only the shop's own lines). */
  canShip: boolean;
  /** Who has lines in the order (the shop: storeName null) and whether each has shipped. */
  parties: ConsoleOrderParty[];
  shipments: OrderShipment[];
}

/* ---- 售后 ---- */

/** GET /ops/afterSale/page: a page of the queue and the count per status. */
export interface ConsoleAfterSalePage extends Page<ConsoleAfterSaleRow> {
  counts: Record<'ALL' | AfterSaleStatus, number>;
}

/** A request of the queue: the buyer's view of it plus the member. */
export interface ConsoleAfterSaleRow extends AfterSale {
  memberId: string;
}

/** GET /ops/afterSale/detail: the request, its order line now and the order's state. */
export interface ConsoleAfterSaleDetail extends AfterSaleDetail {
  memberId: string;
  order: {
    orderNo: string;
    status: OrderStatus;
    statusText: string;
    paidAmount: number;
    line: ConsoleOrderLine | null;
  } | null;
  /** What an operator may do in this status. */
  operatorActions: ('approve' | 'reject' | 'receive' | 'refund')[];
}

/* ---- 人工退款 ---- */

/** A payment that arrived for an order that could not take it, with the order number. */
export interface ConsoleManualRefund extends ConsolePayment {
  orderNo: string;
  memberId: string;
}

export type ConsoleManualRefundPage = Page<ConsoleManualRefund>;

/* ---- 库存 ---- */

export interface ConsoleSkuStock {
  skuId: number;
  goodsId: number;
  goodsName: string;
  image: string | null;
  specText: string;
  price: number;
  stock: number;
  onShelf: boolean;
}

export interface ConsoleLowStockPage extends Page<ConsoleSkuStock> {
  threshold: number;
}

export interface ConsoleStockAdjusted {
  before: number;
  after: number;
  sku: ConsoleSkuStock | null;
}

export interface ConsoleStockLedgerRow {
  id: number;
  skuId: number;
  goodsId: number;
  /** As the goods is named now; null when it is gone. */
  goodsName: string | null;
  specText: string | null;
  change: number;
  stockAfter: number;
  kind: StockLedgerKind;
  kindText: string;
  refNo: string | null;
  actor: string;
  /** The operator's name, or 买家 / 系统. */
  operator: string;
  reason: string | null;
  createdAt: string;
}
