/**
 * Replies of the console's 工作台 (GET /ops/dashboard/*), read by the server's presenters and the
 * console's screen. Money in integer fen; times ISO 8601 (UTC); days are Asia/Shanghai dates.
 */

/** 今日 (since midnight), 近7天 and 近30天 (today and the days before it). */
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_NAMES: Record<DashboardRange, string> = { today: '今日', '7d': '近7天', '30d': '近30天' };

/** The figures of one period. */
export interface DashboardMetrics {
  /**
   * 成交金额: what the orders paid in the period brought in, less the refunds completed on those
   * orders (grossAmount − refundAmount), fen.
   */
  paidAmount: number;
  /** 支付金额 before refunds, fen. */
  grossAmount: number;
  /** Refunds completed on the period's paid orders, fen. */
  refundAmount: number;
  /** 成交订单: orders paid in the period and still paid (not closed by a full refund). */
  paidOrders: number;
  /** 付款人数: distinct buyers of those orders. */
  payingBuyers: number;
  /** 客单价: paidAmount ÷ paidOrders, fen (0 without orders). */
  averageOrderValue: number;
  /** 访客数: distinct visitors (signed in or not) who opened a goods page in the period. */
  visitors: number;
  /** 转化率: payingBuyers ÷ visitors (0.0123 = 1.23%); null without visitors. */
  conversionRate: number | null;
}

/**
 * The figures are computed at most every DASHBOARD_CACHE_SECONDS per period (or when 刷新 asks
 * for it) and shared by every operator meanwhile; `updatedAt` says when.
 */
export const DASHBOARD_CACHE_SECONDS = 30;
/** The to-dos are counted again when asked this long after the last count (or with 刷新). */
export const DASHBOARD_TODO_SECONDS = 5;

export interface DashboardSummary {
  range: DashboardRange;
  updatedAt: string;
  /** The period: [from, to), to being the moment of the reply. */
  from: string;
  to: string;
  /** The period compared with: the same span, one period earlier (今日 → 昨日同时段). */
  previousFrom: string;
  previousTo: string;
  current: DashboardMetrics;
  previous: DashboardMetrics;
}

export interface DashboardTrendPoint {
  /** YYYY-MM-DD (days) or YYYY-MM-DDTHH:00 (hours of today), Asia/Shanghai. */
  key: string;
  /** Axis label: 05-01 or 14:00. */
  label: string;
  paidAmount: number;
  paidOrders: number;
}

export interface DashboardTrend {
  range: DashboardRange;
  updatedAt: string;
  /** 今日 by hour (up to the current hour), the others by day. */
  granularity: 'hour' | 'day';
  points: DashboardTrendPoint[];
}

export interface DashboardCategoryShare {
  /** The top-level category; null for goods no longer in the catalogue (其他). */
  categoryId: number | null;
  name: string;
  paidAmount: number;
  quantity: number;
}

export interface DashboardByCategory {
  range: DashboardRange;
  updatedAt: string;
  /** Sum of the list (equals the summary's paidAmount). */
  total: number;
  /** Largest first. */
  list: DashboardCategoryShare[];
}

export type DashboardTodoKey = 'toShip' | 'toReview' | 'toReceive' | 'toRefund' | 'refundByHand' | 'lowStock';

export interface DashboardTodo {
  key: DashboardTodoKey;
  /** 待发货订单… */
  title: string;
  count: number;
  /** Console path that lists them (inside /admin). */
  path: string;
  /** What opening that path needs (OPS_PERMISSIONS). */
  permission: string;
}

export interface DashboardTodos {
  list: DashboardTodo[];
  /** The 低库存 line's threshold (units or fewer). */
  lowStockThreshold: number;
}
