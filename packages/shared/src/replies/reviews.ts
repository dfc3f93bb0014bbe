/**
 * 商品评价: what a review is to the buyer's goods page, the buyer's 待评价 list and the operators'
 * console, as the reviews module shapes it. Times are ISO 8601 in UTC.
 */
import type { Page } from '../envelope.ts';

/** Stars 1–5 as Chinese shops read them: 好评 4–5, 中评 3, 差评 1–2. */
export const REVIEW_LEVELS = {
  GOOD: { name: '好评', min: 4, max: 5 },
  MEDIUM: { name: '中评', min: 3, max: 3 },
  BAD: { name: '差评', min: 1, max: 2 },
} as const;
export type ReviewLevel = keyof typeof REVIEW_LEVELS;

/** The filters of a goods' 评价 tab, in the order shown. */
export const REVIEW_FILTERS = {
  ALL: '全部',
  IMAGE: '有图',
  GOOD: '好评',
  MEDIUM: '中评',
  BAD: '差评',
} as const;
export type ReviewFilter = keyof typeof REVIEW_FILTERS;
export const REVIEW_FILTER_KEYS = Object.keys(REVIEW_FILTERS) as ReviewFilter[];

export const REVIEW_MAX_IMAGES = 9;
export const REVIEW_MAX_TEXT = 500;
export const REVIEW_RATING_TEXT = ['', '非常差', '差', '一般', '好', '非常好'] as const;

export function reviewLevelOf(rating: number): ReviewLevel {
  return rating >= REVIEW_LEVELS.GOOD.min ? 'GOOD' : rating === 3 ? 'MEDIUM' : 'BAD';
}

/** One review as the goods page shows it (hidden ones never reach it). */
export interface GoodsReview {
  id: string;
  /** The nickname, or 首字 + *** when the buyer chose 匿名. */
  authorName: string;
  authorAvatar: string | null;
  anonymous: boolean;
  rating: number;
  content: string;
  images: string[];
  /** The SKU's spec as bought (颜色：红色 容量：256G). */
  specText: string;
  createdAt: string;
  followUp: { content: string; images: string[]; createdAt: string; daysAfter: number } | null;
  reply: { content: string; createdAt: string } | null;
}

export interface ReviewSummary {
  /** Reviews shown (not hidden). */
  total: number;
  /** 好评 / all shown, in whole percent; null while there is none. */
  goodRate: number | null;
  counts: Record<ReviewFilter, number>;
}

/** GET /member/goods/comment/page */
export interface GoodsReviewPage extends Page<GoodsReview> {
  summary: ReviewSummary;
}

/** What a buyer may still do for one received order line. */
export type ReviewLineState = 'REVIEW' | 'FOLLOW_UP' | 'DONE' | 'CLOSED';

/** GET /member/order/comment/pending: a line waiting for its review, or for its 追评. */
export interface ReviewTodo {
  orderItemId: string;
  orderNo: string;
  goodsId: number;
  name: string;
  image: string | null;
  specText: string;
  completedAt: string;
  /** When writing the review (or the 追评) stops being possible. */
  deadline: string;
  state: 'REVIEW' | 'FOLLOW_UP';
  review: { rating: number; content: string; createdAt: string } | null;
}

export interface ReviewTodoPage extends Page<ReviewTodo> {
  counts: { REVIEW: number; FOLLOW_UP: number };
}

/** POST /member/order/comment/upload */
export interface ReviewUpload {
  name: string;
  url: string;
}

/** A review as operators see it in the console. */
export interface ConsoleReview {
  id: string;
  goodsId: number;
  goodsName: string;
  goodsImage: string | null;
  specText: string;
  orderNo: string;
  memberId: string;
  /** The real nickname, and whether the buyer shows it masked. */
  nickname: string;
  anonymous: boolean;
  rating: number;
  content: string;
  images: string[];
  createdAt: string;
  followUp: { content: string; images: string[]; createdAt: string } | null;
  reply: { content: string; createdAt: string; by: string } | null;
  hidden: { reason: string; at: string; by: string } | null;
}

export interface ConsoleReviewPage extends Page<ConsoleReview> {
  counts: { ALL: number; SHOWN: number; HIDDEN: number; UNREPLIED: number };
}
