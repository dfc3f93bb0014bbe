import { fullAddress } from '../address/address.service.ts';
import { ORDER_STATUS, buyerActions, type OrderStatus } from './order-states.ts';
import type { OrderEventRow, OrderItemRow, OrderRow } from './orders.repo.ts';

/** Chinese names of the actions an order screen may offer. */
export const ACTION_NAMES: Record<string, string> = {
  pay: '去付款',
  cancel: '取消订单',
  confirmReceipt: '确认收货',
  buyAgain: '再次购买',
  afterSale: '申请售后',
  delete: '删除订单',
};

const EVENT_TITLES: Record<string, string> = {
  create: '订单已提交',
  pay: '付款成功',
  cancel: '订单已取消',
  ship: '商家已发货',
  confirmReceipt: '已确认收货',
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const statusText = (s: string) => ORDER_STATUS[s as OrderStatus] ?? s;

export interface ActionContext {
  now: Date;
  afterSaleDays: number;
}

/** What the buyer may do now: the state table's actions, narrowed by time (pay deadline, after-sale window). */
export function actionsFor(o: OrderRow, at: ActionContext): { key: string; name: string }[] {
  return buyerActions(o.status, { deleted: o.deletedByBuyer })
    .filter((a) => {
      if (a === 'pay') return o.payDeadline > at.now;
      if (a === 'afterSale' && o.status === 'COMPLETED') {
        return !!o.completedAt && o.completedAt.getTime() + at.afterSaleDays * 86_400_000 > at.now.getTime();
      }
      return true;
    })
    .map((key) => ({ key, name: ACTION_NAMES[key] ?? key }));
}

function presentItem(i: OrderItemRow) {
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
  };
}

function amounts(o: OrderRow) {
  return {
    goodsAmount: o.goodsAmount,
    activityDiscount: o.activityDiscount,
    couponDiscount: o.couponDiscount,
    pointsDiscount: o.pointsDiscount,
    discountAmount: o.activityDiscount + o.couponDiscount + o.pointsDiscount,
    freight: o.freight,
    payableAmount: o.payableAmount,
    paidAmount: o.paidAmount,
  };
}

/** Seconds left to pay (0 once past), for the countdown. */
const payRemaining = (o: OrderRow, now: Date) =>
  o.status === 'PENDING_PAYMENT' ? Math.max(0, Math.floor((o.payDeadline.getTime() - now.getTime()) / 1000)) : 0;

export function presentOrderSummary(o: OrderRow, items: OrderItemRow[], at: ActionContext) {
  return {
    orderNo: o.orderNo,
    status: o.status,
    statusText: statusText(o.status),
    createdAt: o.createdAt.toISOString(),
    payDeadline: o.status === 'PENDING_PAYMENT' ? o.payDeadline.toISOString() : null,
    payRemainingSeconds: payRemaining(o, at.now),
    ...amounts(o),
    totalQuantity: items.reduce((a, i) => a + i.quantity, 0),
    items: items.map(presentItem),
    actions: actionsFor(o, at),
  };
}

export function presentOrderDetail(o: OrderRow, items: OrderItemRow[], events: OrderEventRow[], at: ActionContext) {
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
    logistics: o.trackingNo
      ? { company: o.logisticsCompany, trackingNo: o.trackingNo, shippedAt: iso(o.shippedAt) }
      : null,
    afterSaleDeadline:
      o.status === 'COMPLETED' && o.completedAt
        ? new Date(o.completedAt.getTime() + at.afterSaleDays * 86_400_000).toISOString()
        : null,
    timeline: events.map((e) => ({
      type: e.type,
      title: EVENT_TITLES[e.type] ?? e.type,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      toStatusText: e.toStatus ? statusText(e.toStatus) : null,
      actor: e.actor,
      note: e.note,
      at: e.createdAt.toISOString(),
    })),
  };
}

/** Operators see the same plus the member id and whether the buyer hid it. */
export function presentOpsOrder(o: OrderRow, items: OrderItemRow[]) {
  return {
    orderNo: o.orderNo,
    memberId: o.memberId,
    status: o.status,
    statusText: statusText(o.status),
    createdAt: o.createdAt.toISOString(),
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    ...amounts(o),
    address: { ...o.address, fullAddress: fullAddress(o.address) },
    remark: o.remark,
    logistics: o.trackingNo ? { company: o.logisticsCompany, trackingNo: o.trackingNo } : null,
    deletedByBuyer: o.deletedByBuyer,
    items: items.map(presentItem),
  };
}
