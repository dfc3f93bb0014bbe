/** Order statuses (server order-states.ts) with the tab names buyers see. */
export const ORDER_TABS = [
  { status: 'ALL', name: '全部' },
  { status: 'PENDING_PAYMENT', name: '待付款' },
  { status: 'PENDING_SHIPMENT', name: '待发货' },
  { status: 'PENDING_RECEIPT', name: '待收货' },
  { status: 'COMPLETED', name: '已完成' },
  { status: 'CANCELLED', name: '已取消' },
] as const;
export type OrderTab = (typeof ORDER_TABS)[number]['status'];

export const STATUS_COLORS: Record<string, string> = {
  PENDING_PAYMENT: '#fa8c16',
  PENDING_SHIPMENT: '#a387bc',
  PENDING_RECEIPT: '#1677ff',
  COMPLETED: '#52c41a',
  CANCELLED: '#999999',
};

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
  paidShare: number;
  isCrossBorder: boolean;
}

export interface OrderAction {
  key: 'pay' | 'cancel' | 'confirmReceipt' | 'buyAgain' | 'afterSale' | 'delete' | string;
  name: string;
}

export interface OrderSummary {
  orderNo: string;
  status: string;
  statusText: string;
  createdAt: string;
  payDeadline: string | null;
  payRemainingSeconds: number;
  goodsAmount: number;
  activityDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  discountAmount: number;
  freight: number;
  payableAmount: number;
  paidAmount: number;
  totalQuantity: number;
  items: OrderItem[];
  actions: OrderAction[];
}

export interface OrderDetail extends OrderSummary {
  remark: string;
  address: {
    receiverName: string;
    mobile: string;
    fullAddress: string;
  };
  paymentMethod: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  logistics: { company: string; trackingNo: string; shippedAt: string | null } | null;
  afterSaleDeadline: string | null;
  timeline: { type: string; title: string; toStatus: string | null; toStatusText: string | null; actor: string; note: string | null; at: string }[];
}

export interface OrderPage {
  list: OrderSummary[];
  total: number;
  pageNum: number;
  pageSize: number;
  counts: Record<string, number>;
}

export const CANCEL_REASONS = ['不想买了', '信息填写错误，重新下单', '商品选错了', '价格不合适', '其他原因'];
