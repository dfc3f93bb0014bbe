export const AFTERSALE_TABS = [
  { status: 'ALL', name: '全部' },
  { status: 'PENDING_REVIEW', name: '待审核' },
  { status: 'PENDING_BUYER_RETURN', name: '待买家退货' },
  { status: 'PENDING_MERCHANT_RECEIPT', name: '待商家收货' },
  { status: 'REFUNDING', name: '退款中' },
  { status: 'COMPLETED', name: '已完成' },
  { status: 'REJECTED', name: '已拒绝' },
  { status: 'WITHDRAWN', name: '已撤销' },
] as const;

export const AFTERSALE_COLORS: Record<string, string> = {
  PENDING_REVIEW: 'orange',
  PENDING_BUYER_RETURN: 'gold',
  PENDING_MERCHANT_RECEIPT: 'blue',
  REFUNDING: 'purple',
  COMPLETED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'default',
};

/** /member/order/afterSale/applyInfo: what may be asked for one order item. */
export interface ApplyInfo {
  orderNo: string;
  goods: { name: string; image: string | null; specText: string; unitPrice: number; boughtQuantity: number };
  paidShare: number;
  maxQuantity: number;
  maxRefund: number;
  types: { value: 'REFUND_ONLY' | 'RETURN_REFUND'; label: string }[];
  reasons: string[];
  windowEndsAt: string | null;
}

export interface AfterSale {
  id: string;
  afterSaleNo: string;
  orderNo: string;
  orderItemId: string;
  type: string;
  typeText: string;
  status: string;
  statusText: string;
  reason: string;
  description: string;
  quantity: number;
  refundAmount: number;
  rejectReason: string | null;
  returnLogistics: { company: string; trackingNo: string } | null;
  goods: { name: string; image: string | null; specText: string; unitPrice: number; boughtQuantity: number };
  images: string[];
  actions: string[];
  createdAt: string;
  updatedAt: string;
}

export interface AfterSaleDetail extends AfterSale {
  timeline: { action: string; title: string; status: string; statusText: string; actor: string; note: string | null; at: string }[];
  refund: { refundNo: string; amount: number; status: string; finishedAt: string | null } | null;
}

/**
 * The refund the server will compute for `quantity` units (aftersale/refund-amount.ts): the rest
 * of the money for the rest of the units, else the floored share — shown before submitting.
 */
export function refundEstimate(info: Pick<ApplyInfo, 'paidShare' | 'maxQuantity' | 'maxRefund' | 'goods'>, quantity: number): number {
  if (quantity >= info.maxQuantity) return info.maxRefund;
  return Math.min(info.maxRefund, Math.floor((info.paidShare * quantity) / info.goods.boughtQuantity));
}
