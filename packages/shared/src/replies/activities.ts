/** Replies of the activities calls (秒杀 and 限时折扣). Money is integer fen. */

export const ACTIVITY_KINDS = ['FLASH_SALE', 'TIME_DISCOUNT'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_KIND_NAMES: Record<ActivityKind, string> = { FLASH_SALE: '秒杀', TIME_DISCOUNT: '限时折扣' };
/** How the price of an activity is named beside its figure: 秒杀价 ¥9.90, 限时价 ¥50.15. */
export const ACTIVITY_PRICE_LABELS: Record<ActivityKind, string> = { FLASH_SALE: '秒杀价', TIME_DISCOUNT: '限时价' };
export const ACTIVITY_STATUSES = ['DRAFT', 'SCHEDULED', 'ENDED', 'CANCELLED'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
/** What a buyer sees of an activity now. */
export type ActivityPhase = 'UPCOMING' | 'RUNNING' | 'SOLD_OUT' | 'ENDED';
/** What an operator may do with it now. */
export type ActivityAction = 'update' | 'schedule' | 'cancel';

export interface ConsoleActivitySku {
  skuId: number;
  goodsId: number;
  goodsName: string;
  specText: string;
  image: string | null;
  /** The SKU's usual price and stock now. */
  usualPriceFen: number;
  goodsStock: number;
  /** The operator's rule: a price, or a 限时折扣's percent (80 = 8折). */
  priceFen: number | null;
  percent: number | null;
  /** The price buyers pay in the activity (null when the rule would not lower the usual price). */
  activityPriceFen: number | null;
  /** 秒杀 units: planned (draft) or left to sell; sold; given back to the goods' stock. */
  stock: number;
  sold: number;
  returned: number;
}

export interface ConsoleActivity {
  id: number;
  kind: ActivityKind;
  kindText: string;
  title: string;
  startsAt: string;
  endsAt: string;
  perMemberLimit: number;
  status: ActivityStatus;
  statusText: string;
  phase: ActivityPhase;
  phaseText: string;
  skus: ConsoleActivitySku[];
  actions: ActivityAction[];
  createdAt: string;
  updatedAt: string;
}

export interface ConsoleActivityPage {
  list: ConsoleActivity[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/* ---- the buyer ---- */

/** One activity SKU as buyers see it (秒杀 strip, activity goods detail, the goods page's banner). */
export interface ActivityGoodsCard {
  activityId: number;
  kind: ActivityKind;
  kindText: string;
  title: string;
  skuId: number;
  goodsId: number;
  goodsName: string;
  specText: string;
  image: string | null;
  usualPriceFen: number;
  activityPriceFen: number;
  startsAt: string;
  endsAt: string;
  phase: ActivityPhase;
  phaseText: string;
  /** 秒杀: 已抢 x% and the units left (null for a 限时折扣). */
  soldPercent: number | null;
  stockLeft: number | null;
  /** 0: no limit. */
  perMemberLimit: number;
}

export interface FlashSaleSession {
  activityId: number;
  title: string;
  startsAt: string;
  endsAt: string;
  phase: ActivityPhase;
  phaseText: string;
  goods: ActivityGoodsCard[];
}

/** The 秒杀 sessions of today (Asia/Shanghai) and the next one after, with the server's time for countdowns. */
export interface FlashSaleSessions {
  now: string;
  sessions: FlashSaleSession[];
}

export interface ActivityGoodsDetail extends ActivityGoodsCard {
  subtitle: string;
  images: string[];
  /** How many more the signed-in member may buy (null: no limit or signed out). */
  memberLeft: number | null;
  now: string;
}
