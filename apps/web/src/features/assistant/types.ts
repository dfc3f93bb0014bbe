/**
 * The assistant's replies as the web reads them (the contract of /member/assistant/agent/*). Kept in
 * the feature until the server's shapes move to packages/shared. Money is integer fen.
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

export interface AddToCartProposal {
  kind: 'confirm';
  action: 'addToCart';
  goodsId: number;
  skuId: number;
  skuText: string;
  quantity: number;
  name: string;
  priceFen: number;
}

export interface ClaimCouponProposal {
  kind: 'confirm';
  action: 'claimCoupon';
  couponId: number;
  name: string;
  amountFen: number;
}

export type Card =
  | { kind: 'goods'; goods: GoodsCardItem[] }
  | { kind: 'compare'; goods: GoodsCardItem[]; rows: { label: string; values: string[] }[] }
  | { kind: 'order'; orders: OrderCardItem[] }
  | { kind: 'aftersale'; list: AfterSaleCardItem[] }
  | { kind: 'coupons'; coupons: CouponCardItem[] }
  | { kind: 'points'; balance: number; expiringSoon?: number }
  | AddToCartProposal
  | ClaimCouponProposal;

export type AnswerStatus = 'done' | 'stopped' | 'failed';
export type Feedback = 1 | -1 | 0;

export interface Message {
  messageId: string;
  role: 'user' | 'assistant';
  content: string;
  parts: Card[];
  status: AnswerStatus;
  label: string;
  feedback: Feedback | null;
  createdAt: string;
}

export interface SessionSummary {
  sessionId: string;
  title: string;
  updatedAt: string;
}

export interface SessionPage {
  list: SessionSummary[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface CreatedSession {
  sessionId: string;
  title: string;
  suggestions: string[];
}

export interface SessionContext {
  goodsId?: number;
  keyword?: string;
}

export interface ToolStep {
  callId: string;
  name: string;
  status: 'running' | 'done' | 'failed';
  summary?: string;
}

/** The events of one streamed answer, in the contract's order (start first; done or error last). */
export type ChatEvent =
  | { type: 'start'; data: { messageId: string; replyTo: string } }
  | { type: 'tool'; data: ToolStep & { args?: unknown } }
  | { type: 'delta'; data: { text: string } }
  | { type: 'card'; data: Card }
  | { type: 'done'; data: { messageId: string; text: string; status: 'done' | 'stopped'; label: string } }
  | { type: 'error'; data: { message: string } };
