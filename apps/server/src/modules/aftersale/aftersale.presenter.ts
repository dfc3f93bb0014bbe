import {
  afterSaleStatusName,
  AFTERSALE_STATES,
  AFTERSALE_TYPES,
  isAfterSaleStatus,
  type AfterSale,
  type AfterSaleRefund,
  type AfterSaleBuyerAction,
  type AfterSaleDetail,
  type AfterSaleStatus,
  type AfterSaleTimelineEvent,
  type AfterSaleType,
} from '@mall/shared';
import type { AfterSaleEventRow, AfterSaleRow } from './aftersale.repo.ts';

const ACTION_TEXT: Record<string, string> = {
  apply: '买家提交申请',
  approve: '商家同意申请',
  reject: '商家拒绝申请',
  withdraw: '买家撤销申请',
  submitReturn: '买家已寄回商品',
  receive: '商家已收到退货',
  refund: '退款成功',
};

/** What the buyer may do now (the screens show these buttons). */
export function buyerAfterSaleActions(status: string): AfterSaleBuyerAction[] {
  return isAfterSaleStatus(status) ? [...AFTERSALE_STATES[status].buyerActions] : [];
}

/** `images` are the evidence links already signed for whoever is shown the request. */
export function presentAfterSale(row: AfterSaleRow, images: string[]): AfterSale {
  return {
    id: row.id,
    afterSaleNo: row.afterSaleNo,
    orderNo: row.orderNo,
    orderItemId: row.orderItemId,
    type: row.type as AfterSaleType,
    typeText: AFTERSALE_TYPES[row.type as AfterSaleType] ?? row.type,
    status: row.status as AfterSaleStatus,
    statusText: afterSaleStatusName(row.status),
    reason: row.reason,
    description: row.description,
    quantity: row.quantity,
    refundAmount: row.refundAmount,
    rejectReason: row.rejectReason,
    returnLogistics: row.returnCompany ? { company: row.returnCompany, trackingNo: row.returnTrackingNo } : null,
    goods: {
      name: row.goodsName,
      image: row.goodsImage,
      specText: row.specText,
      unitPrice: row.unitPrice,
      boughtQuantity: row.boughtQuantity,
    },
    images,
    actions: buyerAfterSaleActions(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTimeline(events: AfterSaleEventRow[]): AfterSaleTimelineEvent[] {
  return events.map((e) => ({
    action: e.action,
    title: ACTION_TEXT[e.action] ?? e.action,
    status: e.toStatus as AfterSaleStatus,
    statusText: afterSaleStatusName(e.toStatus),
    actor: e.actor,
    note: e.note,
    at: e.createdAt.toISOString(),
  }));
}

export function presentDetail(
  row: AfterSaleRow,
  images: string[],
  events: AfterSaleEventRow[],
  refund: AfterSaleRefund | undefined,
): AfterSaleDetail {
  return { ...presentAfterSale(row, images), timeline: presentTimeline(events), refund: refund ?? null };
}
