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

/**
 * antd's tag text colours darkened to read at ≥ 4.5:1 on their light tag backgrounds (antd's own are
 * 1.8–3.4:1), for both apps' themes (Tag, Typography): status colours success #237804 on #f6ffed 5.44,
 * warning #874d00 on #fffbe6 6.53, error #cf1322 on #fff1f0 5.07, info #0958d9 on #e6f4ff 5.50; preset
 * tags orange #ad4e00 5.09, gold #874d00, green #237804, cyan #006d75 5.82, lime #3f6600 6.62, volcano
 * #ad2102 6.38.
 */
export const READABLE_STATUS_TEXT = { colorSuccess: '#237804', colorWarning: '#874d00', colorError: '#cf1322', colorInfo: '#0958d9' };
export const READABLE_TAG_TEXT = {
  orange7: '#ad4e00',
  gold7: '#874d00',
  green7: '#237804',
  cyan7: '#006d75',
  lime7: '#3f6600',
  volcano7: '#ad2102',
};

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
