/** Constants of spec §9 and the conventions, shared by server and web. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const CLIENT_TYPE = 'PC_BROWSER';
export const STORAGE_PREFIX = 'member';
export const VISITOR_ID_PREFIX = 'PC-';
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const REQUEST_CACHE_MS = 5 * 60_000;
export const FOCUS_REFRESH_SPAN_MS = 5_000;
export const INFINITE_SCROLL_THRESHOLD = 100;
export const LINK_PREFETCH_TIMEOUT_MS = 50;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const THEME = {
  primary: '#a387bc',
  tableHeaderBg: '#F3F3F3',
  tableHeaderText: '#666666',
} as const;

export const CLIENT_TYPES = ['PC_BROWSER', 'H5', 'MINI_PROGRAM', 'APP'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const SMS_RESEND_SECONDS = 60;
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;

/** Payment methods by the names buyers see. */
export const PAYMENT_METHOD_NAMES: Record<string, string> = {
  sandbox: '模拟支付',
  alipay: '支付宝',
  wechatpay: '微信支付',
  none: '无需支付',
};

/**
 * With no 首页轮播图 set, the buyer's home shows one banner made for each of this many first top-level
 * categories (apps/web BannerCarousel); the console's 站点设置 says so.
 */
export const DEFAULT_BANNER_CATEGORIES = 5;
