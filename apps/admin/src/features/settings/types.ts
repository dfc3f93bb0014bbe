/** 站点设置 as GET /ops/settings answers: every key of the server's typed settings (modules/site/settings.ts). */
export interface Banner {
  image: string;
  link?: string;
  title?: string;
}

export interface FreightRule {
  /** Orders whose goods come to this much (fen) ship free. */
  freeFromFen: number;
  /** Otherwise this freight (fen). */
  feeFen: number;
}

/** 配送时效: the goods detail's 配送至 arrival estimate (modules/site/delivery-setting.ts). */
export interface DeliveryRule {
  /** Province code (GB/T 2260, 2 digits) the goods ship from. */
  shipFromProvince: string;
  sameProvinceDays: number;
  otherProvinceDays: number;
  remoteDays: number;
  remoteProvinces: string[];
  /** Orders from this hour on (Asia/Shanghai) ship the next day. */
  cutoffHour: number;
}

/** 分销设置 (apps/server/src/modules/distribution/distribution-settings.ts). */
export interface DistributionSetting {
  /** 分销: days a buyer stays bound to the first sharer (推广 binds for ever). */
  bindingDays: number;
  /** Days a shared link binds visitors after it was made. */
  linkDays: number;
  /** Whether a distributor's own purchases earn commission (自购返佣). */
  selfPurchase: boolean;
  /** 推广: days after completion before commission settles. */
  settleDays: number;
  /** The smallest withdrawal, fen. */
  minWithdrawFen: number;
}

export interface SiteSettings {
  siteName: string;
  buyerIcon: string;
  logo: string;
  servicePhone: string;
  banners: Banner[];
  pinnedHotWords: string[];
  freight: FreightRule;
  delivery: DeliveryRule;
  afterSaleDays: number;
  /** Days after completion to review an order line, and to add its one 追评 (商品评价). */
  reviewDays: number;
  followUpDays: number;
  orderPayMinutes: number;
  autoReceiveDays: number;
  /** 秒杀: minutes a flash-sale order waits for payment, and minutes before a session's start for 提醒我's SMS. */
  flashSalePayMinutes: number;
  remindMinutesBefore: number;
  defaultHomeVersion: 'new' | 'old';
  distribution: DistributionSetting;
  /** 《用户协议》 and 《隐私政策》: plain text, blank lines between paragraphs. */
  userAgreement: string;
  privacyPolicy: string;
}

export type SettingKey = keyof SiteSettings;

export interface SettingView<K extends SettingKey = SettingKey> {
  key: K;
  value: SiteSettings[K];
  default: SiteSettings[K];
  /** Whether a value was saved; otherwise the default applies. */
  stored: boolean;
  /** Whether the buyer's app reads it. */
  public: boolean;
}

export type SettingViews = { [K in SettingKey]: SettingView<K> };
