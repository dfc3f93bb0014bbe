/**
 * 优惠券: the words, states and reply types of the buyer's and the console's coupon calls.
 * Money is integer fen; times are ISO 8601 in UTC.
 */
import type { CheckoutQuote } from './checkout.ts';

/** 满减 (amount off from a threshold; threshold 0 = 无门槛) or 折扣 (percent to pay, with a cap). */
export const COUPON_KINDS = ['FULL_REDUCTION', 'DISCOUNT'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_NAMES: Record<CouponKind, string> = { FULL_REDUCTION: '满减券', DISCOUNT: '折扣券' };

/** A 折扣 coupon's share paid in words: 80 → 8折, 85 → 8.5折, 5 → 0.5折. */
export function zheText(percent: number): string {
  return `${percent % 10 === 0 ? percent / 10 : (percent / 10).toFixed(1)}折`;
}

export const COUPON_SCOPES = ['ALL', 'CATEGORIES', 'GOODS'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
export const COUPON_SCOPE_NAMES: Record<CouponScope, string> = {
  ALL: '全场通用',
  CATEGORIES: '限指定分类',
  GOODS: '限指定商品',
};

/** How a coupon is got: 领券中心 (also on goods detail), goods detail only, the new-member gift, an operator's grant. */
export const COUPON_CHANNELS = ['CENTER', 'GOODS', 'NEW_MEMBER', 'GRANT'] as const;
export type CouponChannel = (typeof COUPON_CHANNELS)[number];
export const COUPON_CHANNEL_NAMES: Record<CouponChannel, string> = {
  CENTER: '领券中心',
  GOODS: '商品详情领取',
  NEW_MEMBER: '新人礼包',
  GRANT: '运营发放',
};

/** Validity: a date range, or N days after claiming. */
export const COUPON_VALIDITY_TYPES = ['RANGE', 'DAYS'] as const;
export type CouponValidityType = (typeof COUPON_VALIDITY_TYPES)[number];

/**
 * A template made in the console starts 未发放 (a draft no buyer can claim), goes 发放中 at 开始发放, and
 * 已停止 ⇄ 发放中 after that. Templates made by the demo seed and the test kits start 发放中.
 */
export const COUPON_TEMPLATE_STATUSES = ['DRAFT', 'ACTIVE', 'STOPPED'] as const;
export type CouponTemplateStatus = (typeof COUPON_TEMPLATE_STATUSES)[number];
export const COUPON_TEMPLATE_STATUS_NAMES: Record<CouponTemplateStatus, string> = {
  DRAFT: '未发放',
  ACTIVE: '发放中',
  STOPPED: '已停止',
};

/** A member's coupon: 未使用, held by an unpaid order (占用中), 已使用, 已过期. */
export const MEMBER_COUPON_STATUSES = ['UNUSED', 'HELD', 'USED', 'EXPIRED'] as const;
export type MemberCouponStatus = (typeof MEMBER_COUPON_STATUSES)[number];
export const MEMBER_COUPON_STATUS_NAMES: Record<MemberCouponStatus, string> = {
  UNUSED: '未使用',
  HELD: '待付款订单占用',
  USED: '已使用',
  EXPIRED: '已过期',
};

/** The tabs of /user/member/coupon: 未使用 (held ones included, marked), 已使用, 已过期. */
export const MEMBER_COUPON_TABS = ['UNUSED', 'USED', 'EXPIRED'] as const;
export type MemberCouponTab = (typeof MEMBER_COUPON_TABS)[number];

/** A coupon ending within this many days is flagged 即将过期. */
export const COUPON_EXPIRING_SOON_DAYS = 3;

/** What every coupon reply carries to draw the coupon's face. */
export interface CouponFace {
  name: string;
  kind: CouponKind;
  /** 满减: the threshold on the in-scope goods amount (0 = 无门槛); 折扣: the same, usually 0. */
  thresholdFen: number;
  /** 满减: the amount off. 0 for 折扣. */
  amountFen: number;
  /** 折扣: the share paid in percent (80 = 8折). null for 满减. */
  discountPercent: number | null;
  /** 折扣: the most it takes off. null for 满减. */
  capFen: number | null;
  /** The rule in words: 满199减20, 无门槛减5, 8折最高减50, 满100打8.5折最高减30. */
  ruleText: string;
  /** The big figure on the coupon: ¥20 or 8折. */
  faceText: string;
  /** 满199可用 / 无门槛. */
  thresholdText: string;
  scope: CouponScope;
  /** 全场通用 / 限指定分类 / 限指定商品. */
  scopeText: string;
  description: string;
}

/** A template as the 领券中心 and the goods detail's 领券 popover list it, with this member's state. */
export interface ClaimableCoupon extends CouponFace {
  templateId: number;
  validityType: CouponValidityType;
  validFrom: string | null;
  validTo: string | null;
  validDays: number | null;
  /** 2026.11.01-2026.11.30 有效 / 领取后7天内有效. */
  validityText: string;
  totalQuantity: number;
  /** Left to claim. */
  remaining: number;
  /** 0–100, for the 已抢 bar. */
  claimedPercent: number;
  perMemberLimit: number;
  /** How many this member holds of it (0 when signed out). */
  claimedByMe: number;
  /** CLAIMABLE: 立即领取; CLAIMED: 已领取 (limit reached); SOLD_OUT: 已抢光. */
  state: 'CLAIMABLE' | 'CLAIMED' | 'SOLD_OUT';
}

export interface ClaimableCouponList {
  list: ClaimableCoupon[];
}

/** One coupon a member holds. */
export interface MemberCouponView extends CouponFace {
  id: string;
  templateId: number;
  status: MemberCouponStatus;
  statusText: string;
  source: CouponChannel;
  validFrom: string;
  validTo: string;
  validityText: string;
  /** Unused and ending within COUPON_EXPIRING_SOON_DAYS. */
  expiringSoon: boolean;
  /** Unused and its validity starts later (a date-range coupon claimed before its start): 未开始. */
  notStarted: boolean;
  /** When notStarted: 12月1日起可用 (the day in Asia/Shanghai; with the year when not this year's). */
  startText: string | null;
  claimedAt: string;
  usedAt: string | null;
  /** The order that holds or used it. */
  orderNo: string | null;
}

export interface MemberCouponPage {
  list: MemberCouponView[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** The counts of the three tabs. */
  counts: Record<MemberCouponTab, number>;
  /** Unused coupons ending soon. */
  expiringSoonCount: number;
}

export interface ClaimResult {
  coupon: MemberCouponView;
  /** The template's state for this member after the claim (the button's next label). */
  state: ClaimableCoupon['state'];
  remaining: number;
}

/** What /couponGoodsList shows above the goods: the rule, where it applies and how far the cart is from it. */
export interface CouponGoodsInfo {
  coupon: MemberCouponView;
  scope: {
    type: CouponScope;
    /** The categories it applies to (any goods under them); empty unless CATEGORIES. */
    categories: { id: number; name: string }[];
    /** The goods it applies to; empty unless GOODS. */
    goodsIds: number[];
  };
  /** The member's selected, buyable cart lines inside the scope. */
  cart: {
    inScopeAmount: number;
    /** What is still missing to reach the threshold (0 when reached). */
    shortFen: number;
    /** 还差¥12.00可用 / 已满足使用条件，去结算. */
    hint: string;
    /** What the coupon would take off the cart as it is (0 when short). */
    discountFen: number;
  };
}

/** A coupon at checkout: usable with its discount, or not with the reason in Chinese. */
export interface CheckoutCouponOption extends MemberCouponView {
  usable: boolean;
  discountFen: number;
  /** 未满足使用门槛，还差¥x / 所选商品不在使用范围 / 未到使用时间 / 已过期 ... null when usable. */
  reason: string | null;
  shortFen: number;
}

export interface CheckoutCoupons {
  /** The coupon applied to this quote (the best usable one unless the buyer chose or dropped one). */
  chosenId: string | null;
  /** The buyer dropped the coupon (不使用优惠券). */
  none: boolean;
  usable: CheckoutCouponOption[];
  unusable: CheckoutCouponOption[];
}

export type CheckoutQuoteWithCoupons = CheckoutQuote & { coupons: CheckoutCoupons };

/* ---- the console (优惠券 menu, permission promotion:edit) ---- */

export interface CouponFigures {
  claimed: number;
  unused: number;
  held: number;
  used: number;
  expired: number;
  /** Σ discount of the coupons used in paid orders (fen). */
  discountFen: number;
  /** Σ payable of those orders (fen). */
  orderAmountFen: number;
  remaining: number;
}

export interface OpsCouponTemplate extends CouponFace {
  id: number;
  channel: CouponChannel;
  channelText: string;
  scopeIds: number[];
  validityType: CouponValidityType;
  validFrom: string | null;
  validTo: string | null;
  validDays: number | null;
  validityText: string;
  totalQuantity: number;
  perMemberLimit: number;
  status: CouponTemplateStatus;
  statusText: string;
  figures: CouponFigures;
  createdAt: string;
  updatedAt: string;
}

export interface OpsGrantResult {
  /** Members who got the coupon. */
  granted: number;
  /** Members skipped with the reason (limit reached, unknown member). */
  skipped: { memberId: string; reason: string }[];
  remaining: number;
}
