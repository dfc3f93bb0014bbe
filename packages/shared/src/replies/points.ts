/**
 * 积分与积分商城: what the points calls answer. Points are whole numbers; money is integer fen.
 */

/** Why a ledger row was written, with the words the buyer reads in 积分明细. */
export const POINTS_REASONS = {
  SIGN_IN: '每日签到',
  TASK: '任务奖励',
  ORDER_EARN: '购物奖励',
  ORDER_CLAWBACK: '退款扣回',
  ORDER_SPEND: '下单抵扣',
  ORDER_RETURN: '取消订单退回',
  MALL_REDEEM: '积分兑换',
  MALL_RETURN: '兑换取消退回',
  EXPIRE: '积分过期',
  OPS_GRANT: '系统赠送',
  OPS_DEDUCT: '系统扣除',
} as const;
export type PointsReason = keyof typeof POINTS_REASONS;
export const POINTS_REASON_KEYS = Object.keys(POINTS_REASONS) as [PointsReason, ...PointsReason[]];

/** The one-off tasks, with where the buyer goes to do them. */
export const POINTS_TASKS = {
  FIRST_ORDER: { title: '完成首单', description: '首个订单确认收货后获得奖励', link: '/' },
  PROFILE: { title: '完善个人资料', description: '填写昵称、头像、性别和生日', link: '/user/member/profile' },
  MOBILE: { title: '绑定手机号', description: '账号绑定手机号后获得奖励', link: '/user/member/settings' },
} as const;
export type PointsTaskKey = keyof typeof POINTS_TASKS;
export const POINTS_TASK_KEYS = Object.keys(POINTS_TASKS) as [PointsTaskKey, ...PointsTaskKey[]];

export interface PointsBalance {
  balance: number;
  /** Every point ever credited, and every point ever taken (spent, clawed back, expired, deducted). */
  totalEarned: number;
  totalUsed: number;
  /** Points that expire at `expiresAt` unless spent first (0 and null when nothing expires soon). */
  expiringSoon: { points: number; expiresAt: string | null };
  signedToday: boolean;
}

export interface PointsLedgerEntry {
  id: number;
  /** Positive for 收入, negative for 支出. */
  amount: number;
  balanceAfter: number;
  reason: PointsReason;
  reasonText: string;
  orderNo: string | null;
  taskKey: PointsTaskKey | null;
  note: string;
  createdAt: string;
}

export interface PointsLedgerPage {
  list: PointsLedgerEntry[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface SignInDay {
  /** YYYY-MM-DD in Asia/Shanghai. */
  day: string;
  points: number;
  streak: number;
}

export interface SignInCalendar {
  month: string;
  today: string;
  signedToday: boolean;
  /** Days in a row up to today (or yesterday, when today is not signed yet); 0 when broken. */
  streak: number;
  /** What signing today gives (or gave), and what tomorrow would give if the streak goes on. */
  todayPoints: number;
  tomorrowPoints: number;
  /** The next streak bonus ahead: after how many more days, and how much. */
  nextBonus: { days: number; points: number; inDays: number } | null;
  days: SignInDay[];
}

export interface SignInResult {
  day: string;
  streak: number;
  points: number;
  bonus: number;
  balance: number;
}

export interface PointsTask {
  key: PointsTaskKey;
  title: string;
  description: string;
  link: string;
  points: number;
  state: 'DONE' | 'TODO';
  doneAt: string | null;
}

export interface PointsRules {
  signInPoints: number;
  streakBonuses: { days: number; points: number }[];
  tasks: { key: PointsTaskKey; title: string; points: number }[];
  pointsPerYuan: number;
  /** Fen that 100 points are worth at checkout, and the share of the goods amount they may pay (percent). */
  fenPer100Points: number;
  maxDeductPercent: number;
  /** 0: points never expire; n: they expire at the end of the n-th year after the year earned. */
  expiryYears: number;
  /** The rules in sentences, as the 积分规则 page shows them. */
  text: string[];
}

export interface PointsMallCard {
  id: number;
  goodsId: number;
  skuId: number;
  name: string;
  image: string | null;
  specText: string;
  category: string;
  pointsPrice: number;
  /** Cash to pay besides the points, fen (0: points only). */
  cashFen: number;
  /** The SKU's own price, fen (划线价). */
  marketPrice: number;
  stock: number;
  redeemed: number;
  /** 0: no limit. */
  perMemberLimit: number;
  soldOut: boolean;
  /** Why it cannot be redeemed now (下架, 兑完), or null. */
  unavailable: string | null;
}

export interface PointsMallPage {
  list: PointsMallCard[];
  total: number;
  pageNum: number;
  pageSize: number;
  categories: { name: string; count: number }[];
}

export interface PointsMallDetail extends PointsMallCard {
  subtitle: string;
  images: string[];
  /**
   * The shop's freight rule, which a redemption follows as a cash purchase of the goods does: the
   * goods at its usual price (市场价) reaching `freeFromFen` ships free, else `feeFen`.
   */
  freight: { freeFromFen: number; feeFen: number };
}

export interface ConsolePointsMallGoods extends PointsMallCard {
  onShelf: boolean;
  goodsOnShelf: boolean;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

export interface ConsolePointsMallPage {
  list: ConsolePointsMallGoods[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface ConsolePointsMember {
  memberId: string;
  balance: number;
  totalEarned: number;
  totalUsed: number;
}
