import {
  isOrderStatus,
  ORDER_ACTION_NAMES,
  ORDER_STATES,
  orderStatusName,
  type OrderAction,
  type OrderDetail,
  type OrderItem,
  type OrderStatus,
  type OrderSummary,
} from '@mall/shared';
import {
  canTransition,
  maskMobile,
  PAYMENT_METHOD_NAMES,
  type ConsoleOrderAddress,
  type ConsoleOrderLine,
  type ConsoleOrderRow,
  type ConsoleOrderTimelineEvent,
} from '@mall/shared';
import { fullAddress } from '../address/address.service.ts';
import type { AfterSaleWindow } from './after-sale-window.ts';
import { discountParts, lineActivity } from './order-discounts.ts';
import type { OrderEventRow, OrderItemRow, OrderRow } from './orders.repo.ts';

const EVENT_TITLES: Record<string, string> = {
  create: '订单已提交',
  pay: '付款成功',
  cancel: '订单已取消',
  ship: '商家已发货',
  shipPart: '部分商品已发货',
  confirmReceipt: '已确认收货',
  refund: '退款成功',
  closeAfterRefund: '订单已关闭',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const statusText = orderStatusName;

export interface ActionContext {
  now: Date;
  window: AfterSaleWindow;
}

/**
 * What the buyer may do now: the state table's actions, narrowed by time (pay deadline, after-sale
 * window), by deletion and by after-sales in progress (such an order cannot be deleted).
 */
export function actionsFor(o: OrderRow, items: OrderItemRow[], at: ActionContext): OrderAction[] {
  if (!isOrderStatus(o.status) || o.deletedByBuyer) return [];
  return ORDER_STATES[o.status].buyerActions
    .filter((a) => {
      if (a === 'pay') return o.payDeadline > at.now;
      if (a === 'afterSale') return at.window.isOpen(o.completedAt, at.now);
      if (a === 'delete') return items.every((i) => i.openAfterSales === 0);
      return true;
    })
    .map((key) => ({ key, name: ORDER_ACTION_NAMES[key] }));
}

function presentItem(i: OrderItemRow): OrderItem {
  return {
    id: i.id,
    goodsId: i.goodsId,
    skuId: i.skuId,
    name: i.name,
    image: i.image,
    specText: i.specText,
    unitPrice: i.unitPrice,
    quantity: i.quantity,
    goodsAmount: i.goodsAmount,
    discountAmount: i.discountAmount,
    paidShare: i.paidShare,
    isCrossBorder: i.isCrossBorder,
    refundedQuantity: i.refundedQuantity,
    afterSale: i.lastAfterSaleId ? { id: i.lastAfterSaleId, open: i.openAfterSales > 0 } : null,
    activity: lineActivity(i),
  };
}

function amounts(o: OrderRow, items: OrderItemRow[]) {
  return {
    goodsAmount: o.goodsAmount,
    activityDiscount: o.activityDiscount,
    couponDiscount: o.couponDiscount,
    pointsDiscount: o.pointsDiscount,
    discountAmount: o.activityDiscount + o.couponDiscount + o.pointsDiscount,
    discounts: discountParts(o, items),
    freight: o.freight,
    payableAmount: o.payableAmount,
    paidAmount: o.paidAmount,
  };
}

/** Seconds left to pay (0 once past), for the countdown. */
const payRemaining = (o: OrderRow, now: Date) =>
  o.status === 'PENDING_PAYMENT' ? Math.max(0, Math.floor((o.payDeadline.getTime() - now.getTime()) / 1000)) : 0;

export function presentOrderSummary(o: OrderRow, items: OrderItemRow[], at: ActionContext): OrderSummary {
  return {
    orderNo: o.orderNo,
    status: o.status as OrderStatus,
    statusText: statusText(o.status),
    createdAt: o.createdAt.toISOString(),
    payDeadline: o.status === 'PENDING_PAYMENT' ? o.payDeadline.toISOString() : null,
    payRemainingSeconds: payRemaining(o, at.now),
    ...amounts(o, items),
    totalQuantity: items.reduce((a, i) => a + i.quantity, 0),
    items: items.map(presentItem),
    actions: actionsFor(o, items, at),
  };
}

export function presentOrderDetail(
  o: OrderRow,
  items: OrderItemRow[],
  events: OrderEventRow[],
  at: ActionContext,
): Omit<OrderDetail, 'realName' | 'shipments'> {
  return {
    ...presentOrderSummary(o, items, at),
    remark: o.remark,
    address: { ...o.address, fullAddress: fullAddress(o.address) },
    realNameId: o.realNameId,
    paymentMethod: o.paymentMethod,
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    closedAt: iso(o.closedAt),
    logistics: o.trackingNo
      ? { company: o.logisticsCompany, trackingNo: o.trackingNo, shippedAt: iso(o.shippedAt) }
      : null,
    afterSaleDeadline:
      o.status === 'COMPLETED' && o.completedAt ? at.window.endsAt(o.completedAt).toISOString() : null,
    timeline: events.map((e) => ({
      type: e.type,
      title: EVENT_TITLES[e.type] ?? e.type,
      fromStatus: e.fromStatus as OrderStatus | null,
      toStatus: e.toStatus as OrderStatus | null,
      toStatusText: e.toStatus ? statusText(e.toStatus) : null,
      actor: e.actor,
      note: e.note,
      at: e.createdAt.toISOString(),
    })),
  };
}

/* ---- The console (/ops/order/*) ---- */

const ACTOR_TEXT: Record<string, string> = { buyer: '买家', system: '系统', ops: '运营', payment: '支付平台' };

function consoleLine(i: OrderItemRow): ConsoleOrderLine {
  return {
    id: i.id,
    goodsId: i.goodsId,
    skuId: i.skuId,
    name: i.name,
    image: i.image,
    specText: i.specText,
    unitPrice: i.unitPrice,
    quantity: i.quantity,
    goodsAmount: i.goodsAmount,
    discountAmount: i.discountAmount,
    paidShare: i.paidShare,
    refundedQuantity: i.refundedQuantity,
    refundedAmount: i.refundedAmount,
    openAfterSales: i.openAfterSales,
    activity: lineActivity(i),
  };
}

function consoleAddress(o: OrderRow, mobile: 'masked' | 'whole'): ConsoleOrderAddress {
  const a = o.address;
  return {
    receiverName: a.receiverName,
    mobile: mobile === 'whole' ? a.mobile : maskMobile(a.mobile),
    provinceName: a.provinceName ?? '',
    cityName: a.cityName ?? '',
    districtName: a.districtName ?? null,
    detail: a.detail,
    fullAddress: fullAddress(a),
  };
}

/** A row of the console's list: the mobile masked (139****5678). */
export function presentConsoleOrderRow(o: OrderRow, items: OrderItemRow[], mobile: 'masked' | 'whole' = 'masked'): ConsoleOrderRow {
  return {
    orderNo: o.orderNo,
    memberId: o.memberId,
    status: o.status as OrderStatus,
    statusText: statusText(o.status),
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    goodsAmount: o.goodsAmount,
    discountAmount: o.activityDiscount + o.couponDiscount + o.pointsDiscount,
    freight: o.freight,
    payableAmount: o.payableAmount,
    paidAmount: o.paidAmount,
    paymentMethod: o.paymentMethod,
    paymentMethodText: o.paymentMethod ? (PAYMENT_METHOD_NAMES[o.paymentMethod] ?? o.paymentMethod) : null,
    address: consoleAddress(o, mobile),
    totalQuantity: items.reduce((n, i) => n + i.quantity, 0),
    items: items.map(consoleLine),
    logistics: o.trackingNo ? { company: o.logisticsCompany, trackingNo: o.trackingNo } : null,
    remark: o.remark,
    opsRemark: o.opsRemark,
    afterSaleOpen: items.some((i) => i.openAfterSales > 0),
    deletedByBuyer: o.deletedByBuyer,
  };
}

/** The console's order detail as the orders module knows it (payments and after-sales are added by the caller). */
export function presentConsoleOrderDetail(o: OrderRow, items: OrderItemRow[], events: OrderEventRow[]) {
  return {
    ...presentConsoleOrderRow(o, items, 'whole'),
    activityDiscount: o.activityDiscount,
    couponDiscount: o.couponDiscount,
    pointsDiscount: o.pointsDiscount,
    discounts: discountParts(o, items),
    realName: o.realName ?? null,
    payDeadline: o.status === 'PENDING_PAYMENT' ? o.payDeadline.toISOString() : null,
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    closedAt: iso(o.closedAt),
    opsRemarkBy: o.opsRemarkBy,
    opsRemarkAt: iso(o.opsRemarkAt),
    canShip: canTransition('ship', o.status),
    timeline: events.map(
      (e): ConsoleOrderTimelineEvent => ({
        type: e.type,
        title: EVENT_TITLES[e.type] ?? e.type,
        toStatus: e.toStatus as OrderStatus | null,
        toStatusText: e.toStatus ? statusText(e.toStatus) : null,
        actor: e.actor,
        actorText: ACTOR_TEXT[e.actor] ?? e.actor,
        note: e.note,
        at: e.createdAt.toISOString(),
      }),
    ),
  };
}
