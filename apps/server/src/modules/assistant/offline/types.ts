import type { AssistantGoodsQuery, OrderStatus } from '@mall/shared';

/** What the offline provider knows of the conversation when it reads a question. */
export interface UnderstandContext {
  /** The goods the session was opened from (问问助手 on a goods page). */
  goodsId?: number;
  /** The search the session was opened from (问问助手 on search results). */
  keyword?: string;
  /** The goods shown by the last answer, in the order shown (第一个 is the first). */
  lastGoodsIds?: number[];
  /** What that list was searched by: 便宜点的, 两千以内的呢 narrow it. */
  lastSearch?: AssistantGoodsQuery;
}

/** The shop's own words: brand and category names as buyers see them. */
export interface ShopVocabulary {
  brands: string[];
  categories: string[];
}

export type GoodsSort = 'default' | 'priceAsc' | 'priceDesc' | 'sales' | 'newest';

/** Each tool with its arguments, exactly as the tools take them (money in integer fen). */
export type ToolCall =
  | {
      tool: 'search_goods';
      args: {
        keyword?: string;
        minPriceFen?: number;
        maxPriceFen?: number;
        brand?: string;
        category?: string;
        sort?: GoodsSort;
        limit?: number;
      };
    }
  | { tool: 'goods_detail'; args: { goodsId: number } }
  | { tool: 'compare_goods'; args: { goodsIds: number[] } }
  | { tool: 'recommend'; args: { budgetFen: number; keyword?: string; category?: string; count?: number } }
  | { tool: 'catalogue_shape'; args: { category?: string; keyword?: string } }
  | { tool: 'my_orders'; args: { status?: OrderStatus; limit?: number } }
  | { tool: 'my_aftersales'; args: { limit?: number } }
  | { tool: 'coupons_for'; args: { goodsId?: number } }
  | { tool: 'claimable_coupons'; args: { goodsId?: number } }
  | { tool: 'points_balance'; args: Record<string, never> }
  | { tool: 'propose_add_to_cart'; args: { goodsId: number; skuId?: number; quantity?: number } }
  | { tool: 'propose_claim_coupon'; args: { couponId: number } };

export type ToolName = ToolCall['tool'];

/** A question the offline provider will not turn into a tool call, with the Chinese reply to give. */
export interface Decline {
  decline: 'outOfScope' | 'unclear';
  reply: string;
}

export type Understanding = ToolCall | Decline;

export const isDecline = (u: Understanding): u is Decline => 'decline' in u;
