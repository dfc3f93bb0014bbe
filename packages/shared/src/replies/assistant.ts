/**
 * The shopping assistant's replies (/member/assistant/agent/*), written once for the server that
 * makes them and the apps that show them. Every figure on a card (price, stock, amount, points,
 * status) is copied from a tool result of the same turn. Money is integer fen.
 */

export interface AssistantGoodsItem {
  goodsId: number;
  name: string;
  image: string;
  priceFen: number;
  marketPriceFen: number;
  activityPriceFen?: number;
  stock: number;
  sales: number;
}

export interface AssistantOrderItem {
  orderNo: string;
  status: string;
  statusName: string;
  payAmountFen: number;
  createdAt: string;
  items: { name: string; image: string; quantity: number }[];
  logistics?: { company: string; trackingNo: string };
}

export interface AssistantAfterSaleItem {
  afterSaleNo: string;
  orderNo: string;
  statusName: string;
  refundAmountFen: number;
  createdAt: string;
}

export interface AssistantCouponItem {
  couponId: number;
  name: string;
  amountFen: number;
  thresholdFen: number;
  claimable: boolean;
  owned: boolean;
  endAt: string;
}

/** A change the assistant only proposes: the buyer's click makes it through the shop's own calls. */
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

export type AssistantCard =
  | { kind: 'goods'; goods: AssistantGoodsItem[] }
  | { kind: 'compare'; goods: AssistantGoodsItem[]; rows: { label: string; values: string[] }[] }
  | { kind: 'order'; orders: AssistantOrderItem[] }
  | { kind: 'aftersale'; list: AssistantAfterSaleItem[] }
  | { kind: 'coupons'; coupons: AssistantCouponItem[] }
  | { kind: 'points'; balance: number; expiringSoon?: number }
  | AddToCartProposal
  | ClaimCouponProposal;

export type AssistantToolStatus = 'running' | 'done' | 'failed';
export type AssistantAnswerStatus = 'done' | 'stopped' | 'failed';

/** The events of one streamed turn, in the order they come (start first; done or error last). */
export type AssistantStreamEvent =
  | { type: 'start'; data: { messageId: string; replyTo: string } }
  | { type: 'tool'; data: { callId: string; name: string; args?: unknown; status: AssistantToolStatus; summary?: string } }
  | { type: 'delta'; data: { text: string } }
  | { type: 'card'; data: AssistantCard }
  | { type: 'done'; data: { messageId: string; text: string; status: 'done' | 'stopped'; label: string } }
  | { type: 'error'; data: { message: string } };

/** The assistant's tools as the buyer's chat and the console name them. */
export const ASSISTANT_TOOL_NAMES: Record<string, string> = {
  search_goods: '搜索商品',
  goods_detail: '查看商品详情',
  compare_goods: '对比商品',
  recommend: '挑选推荐',
  catalogue_shape: '查看商品分布',
  my_orders: '查询订单',
  my_aftersales: '查询售后',
  coupons_for: '查找可用优惠券',
  claimable_coupons: '查找可领优惠券',
  points_balance: '查询积分',
  propose_add_to_cart: '准备加入购物车',
  propose_claim_coupon: '准备领取优惠券',
};

/** A tool's Chinese name; one not known yet shows as it is. */
export const assistantToolName = (tool: string) => ASSISTANT_TOOL_NAMES[tool] ?? tool;
