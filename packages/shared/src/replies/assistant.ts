/**
 * The shopping assistant's replies (/member/assistant/agent/*), written once for the server that
 * makes them and the apps that show them. Every figure on a card (price, stock, amount, points,
 * status) is copied from a tool result of the same turn. Money is integer fen.
 */
import { formatFen } from '../money.ts';
import type { ActivityKind } from './activities.ts';
import { zheText, type CouponKind } from './coupons.ts';

export interface AssistantGoodsItem {
  goodsId: number;
  name: string;
  image: string;
  priceFen: number;
  marketPriceFen: number;
  /** The lowest price of an activity running now on one of its SKUs, when below priceFen. */
  activityPriceFen?: number;
  /** The activity of activityPriceFen. */
  activity?: AssistantGoodsActivity;
  stock: number;
  sales: number;
}

/**
 * Which activity a price belongs to: a 秒杀 is bought with 立即抢购 on its own page
 * (/activityGoodsDetail?activityId=&skuId=), a 限时折扣 is what the cart charges.
 */
export interface AssistantGoodsActivity {
  kind: ActivityKind;
  /** 秒杀价 / 限时价. */
  priceLabel: string;
  activityId: number;
  /** The SKU at that price. */
  skuId: number;
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
  id: string;
  /** The buyer app's page of this request. */
  href: string;
  afterSaleNo: string;
  orderNo: string;
  statusName: string;
  refundAmountFen: number;
  createdAt: string;
}

/** What a coupon takes off, as the coupons module keeps it. */
export interface AssistantCouponOffer {
  /** 满减 (amountFen off) or 折扣 (discountPercent paid, at most capFen off). */
  kind: CouponKind;
  /** 满减: the amount off; 0 for 折扣. */
  amountFen: number;
  /** 折扣: the share paid in percent (85 = 8.5折); null for 满减. */
  discountPercent: number | null;
  /** 折扣: the most it takes off; null for 满减. */
  capFen: number | null;
  /** On the in-scope goods amount; 0 = 无门槛. */
  thresholdFen: number;
}

export interface AssistantCouponItem extends AssistantCouponOffer {
  couponId: number;
  name: string;
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
  /** The coupon's own kind: 满减 or 折扣 (the card's kind is 'confirm'). */
  couponKind: CouponKind;
  amountFen: number;
  discountPercent: number | null;
  capFen: number | null;
  thresholdFen: number;
}

/** What a coupon takes off in words, for the cards and the answers: ¥10.00, or 8.5折，最多减¥20.00. */
export function couponOfferText(c: Pick<AssistantCouponOffer, 'kind' | 'amountFen' | 'discountPercent' | 'capFen'>): string {
  if (c.kind !== 'DISCOUNT') return formatFen(c.amountFen);
  const cap = c.capFen ? `，最多减${formatFen(c.capFen)}` : '';
  return `${zheText(c.discountPercent ?? 100)}${cap}`;
}

/** Where a coupon may be used: 满¥100.00可用, or 无门槛. */
export const couponThresholdText = (thresholdFen: number) => (thresholdFen > 0 ? `满${formatFen(thresholdFen)}可用` : '无门槛');

/** What a list of goods was searched by: a question like 便宜点的 or 两千以内的呢 narrows it. */
export interface AssistantGoodsQuery {
  keyword?: string;
  brand?: string;
  category?: string;
  minPriceFen?: number;
  maxPriceFen?: number;
}

export type AssistantCard =
  | { kind: 'goods'; goods: AssistantGoodsItem[]; query?: AssistantGoodsQuery }
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
