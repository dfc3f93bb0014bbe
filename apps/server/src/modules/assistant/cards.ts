/**
 * What the assistant shows besides its text: cards, and the events of one streamed turn. Every figure
 * on a card (price, stock, amount, points, status) is copied from a tool result of the same turn.
 */

export interface GoodsCardItem {
  goodsId: number;
  name: string;
  image: string;
  priceFen: number;
  marketPriceFen: number;
  activityPriceFen?: number;
  stock: number;
  sales: number;
}

export interface OrderCardItem {
  orderNo: string;
  status: string;
  statusName: string;
  payAmountFen: number;
  createdAt: string;
  items: { name: string; image: string; quantity: number }[];
  logistics?: { company: string; trackingNo: string };
}

export interface AfterSaleCardItem {
  afterSaleNo: string;
  orderNo: string;
  statusName: string;
  refundAmountFen: number;
  createdAt: string;
}

export interface CouponCardItem {
  couponId: number;
  name: string;
  amountFen: number;
  thresholdFen: number;
  claimable: boolean;
  owned: boolean;
  endAt: string;
}

export type Card =
  | { kind: 'goods'; goods: GoodsCardItem[] }
  | { kind: 'compare'; goods: GoodsCardItem[]; rows: { label: string; values: string[] }[] }
  | { kind: 'order'; orders: OrderCardItem[] }
  | { kind: 'aftersale'; list: AfterSaleCardItem[] }
  | { kind: 'coupons'; coupons: CouponCardItem[] }
  | { kind: 'points'; balance: number; expiringSoon?: number }
  | {
      kind: 'confirm';
      action: 'addToCart';
      goodsId: number;
      skuId: number;
      skuText: string;
      quantity: number;
      name: string;
      priceFen: number;
    }
  | { kind: 'confirm'; action: 'claimCoupon'; couponId: number; name: string; amountFen: number };

export type ToolStatus = 'running' | 'done' | 'failed';
export type AnswerStatus = 'done' | 'stopped' | 'failed';

/** The events of a turn's stream, in the order the contract fixes (start first; done or error last). */
export type StreamEvent =
  | { type: 'start'; data: { messageId: string; replyTo: string } }
  | { type: 'tool'; data: { callId: string; name: string; args: unknown; status: ToolStatus; summary?: string } }
  | { type: 'delta'; data: { text: string } }
  | { type: 'card'; data: Card }
  | { type: 'done'; data: { messageId: string; text: string; status: 'done' | 'stopped'; label: string } }
  | { type: 'error'; data: { message: string } };

/** What a provider may emit itself; start, done and error belong to the turn runner. */
export type ProviderEvent = Extract<StreamEvent, { type: 'delta' | 'card' | 'tool' }>;
