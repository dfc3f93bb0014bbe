/** Replies of the activity-page calls (活动页面): pages operators build from sections. */
import type { ActivityGoodsCard, ActivityKind, ActivityPhase } from './activities.ts';
import type { ClaimableCoupon } from './coupons.ts';

export const ACTIVITY_PAGE_STATUSES = ['DRAFT', 'PUBLISHED', 'OFFLINE'] as const;
export type ActivityPageStatus = (typeof ACTIVITY_PAGE_STATUSES)[number];
export const ACTIVITY_PAGE_STATUS_NAMES: Record<ActivityPageStatus, string> = {
  DRAFT: '草稿',
  PUBLISHED: '已上线',
  OFFLINE: '已下线',
};
/** What an operator may do with a page now. */
export type ActivityPageAction = 'update' | 'publish' | 'offline';

export const ACTIVITY_PAGE_SECTION_TYPES = ['banner', 'countdown', 'goods', 'coupons', 'richText'] as const;
export type ActivityPageSectionType = (typeof ACTIVITY_PAGE_SECTION_TYPES)[number];
export const ACTIVITY_PAGE_SECTION_NAMES: Record<ActivityPageSectionType, string> = {
  banner: '横幅图片',
  countdown: '倒计时',
  goods: '活动商品',
  coupons: '优惠券',
  richText: '图文说明',
};
export const ACTIVITY_PAGE_MAX_SECTIONS = 20;
export const ACTIVITY_PAGE_MAX_COUPONS = 8;
export const ACTIVITY_PAGE_MAX_BLOCKS = 20;
export const ACTIVITY_PAGE_BLOCK_MAX = 500;

export interface RichTextBlock {
  type: 'heading' | 'paragraph';
  text: string;
}

/** The sections as operators save them (what the console edits). */
export type ActivityPageSectionInput =
  | { type: 'banner'; image: string; link?: string | null }
  | { type: 'countdown'; activityId: number; label: string }
  | { type: 'goods'; activityId: number; title: string }
  | { type: 'coupons'; couponIds: number[] }
  | { type: 'richText'; blocks: RichTextBlock[] };

export interface ConsoleActivityPageView {
  id: number;
  title: string;
  shareSubtitle: string;
  status: ActivityPageStatus;
  statusText: string;
  sections: ActivityPageSectionInput[];
  actions: ActivityPageAction[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConsoleActivityPageRows {
  list: ConsoleActivityPageView[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface ActivityPagePreviewToken {
  token: string;
  expiresAt: string;
  /** The buyer route to open: /activity/<id>?preview=<token>. */
  path: string;
}

/* ---- the buyer ---- */

/** An activity as a countdown shows it: its window and what buyers see of it now. */
export interface ActivityWindow {
  activityId: number;
  kind: ActivityKind;
  kindText: string;
  title: string;
  startsAt: string;
  endsAt: string;
  phase: ActivityPhase;
  phaseText: string;
}

export type ActivityPageSection =
  | { type: 'banner'; image: string; link: string | null }
  | { type: 'countdown'; label: string; activity: ActivityWindow }
  | { type: 'goods'; title: string; activity: ActivityWindow; goods: ActivityGoodsCard[] }
  | { type: 'coupons'; coupons: ClaimableCoupon[] }
  | { type: 'richText'; blocks: RichTextBlock[] };

export interface BuyerActivityPage {
  id: number;
  title: string;
  shareSubtitle: string;
  /** True when shown through a console preview link (a draft or offline page). */
  preview: boolean;
  status: ActivityPageStatus;
  /** The server's time, for countdowns. */
  now: string;
  sections: ActivityPageSection[];
}

/** A published, current activity page as the home's 活动专区 lists it. */
export interface BuyerActivityPageCard {
  id: number;
  title: string;
  shareSubtitle: string;
  /** The page's first banner picture, else its first goods' picture; null when it has neither. */
  cover: string | null;
}

/** The home's 活动专区: at most `ACTIVITY_PAGE_LIST_MAX` pages, the latest published first. */
export interface BuyerActivityPageList {
  list: BuyerActivityPageCard[];
}
export const ACTIVITY_PAGE_LIST_MAX = 6;
