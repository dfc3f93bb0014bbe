/** Replies of the after-sale calls (/member/order/afterSale/*), as the after-sale presenter and service shape them. */
import type { AfterSaleBuyerAction, AfterSaleStatus, AfterSaleType } from '../aftersale-states.ts';

/** The buyer app's page of one after-sale request (the route /user/order/afterSaleOrderDetail/:id). */
export const afterSaleDetailHref = (id: string) => `/user/order/afterSaleOrderDetail/${id}`;

/** The order line as it was bought. */
export interface AfterSaleGoods {
  name: string;
  image: string | null;
  specText: string;
  unitPrice: number;
  boughtQuantity: number;
}

/** /applyInfo: what may still be asked for one order line. */
export interface ApplyInfo {
  orderNo: string;
  goods: AfterSaleGoods;
  paidShare: number;
  /** Units not yet refunded or held by an open request; 0 when nothing is left. */
  maxQuantity: number;
  maxRefund: number;
  /** 退货退款 is left out before shipment. */
  types: { value: AfterSaleType; label: string }[];
  reasons: string[];
  /** Only for a completed order: the end of the after-sale window. */
  windowEndsAt: string | null;
}

export interface AfterSale {
  id: string;
  afterSaleNo: string;
  orderNo: string;
  orderItemId: string;
  type: AfterSaleType;
  typeText: string;
  status: AfterSaleStatus;
  statusText: string;
  reason: string;
  description: string;
  quantity: number;
  refundAmount: number;
  rejectReason: string | null;
  returnLogistics: { company: string; trackingNo: string | null } | null;
  goods: AfterSaleGoods;
  /** Evidence picture URLs. */
  images: string[];
  actions: AfterSaleBuyerAction[];
  createdAt: string;
  updatedAt: string;
}

export interface AfterSaleTimelineEvent {
  action: string;
  title: string;
  status: AfterSaleStatus;
  statusText: string;
  actor: string;
  note: string | null;
  at: string;
}

export interface AfterSaleRefund {
  refundNo: string;
  amount: number;
  /** PENDING, SUCCESS, FAILED, or NOT_RETURNED (the provider later said the money did not go back). */
  status: string;
  finishedAt: string | null;
  /** Why it failed or did not go back. */
  error: string | null;
}

/** /detail, and the reply of apply, withdraw and returnLogistics. */
export interface AfterSaleDetail extends AfterSale {
  timeline: AfterSaleTimelineEvent[];
  refund: AfterSaleRefund | null;
}

/** /upload: the stored picture's name (sent back with the application) and its URL. */
export interface AfterSaleUpload {
  name: string;
  url: string;
}
