/** Replies of the activities calls (秒杀 and 限时折扣, issue 13). Money is integer fen. */

export const ACTIVITY_KINDS = ['FLASH_SALE', 'TIME_DISCOUNT'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
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
