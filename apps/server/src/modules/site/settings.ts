import { z } from 'zod';
import { CANCELLATION_COOLING_DAYS_DEFAULT, CANCELLATION_COOLING_DAYS_MAX } from '@mall/shared';
import type { Config } from '../../config.ts';
import { agreementText, DEFAULT_PRIVACY_POLICY, DEFAULT_USER_AGREEMENT } from './agreements.ts';
import { DEFAULT_DELIVERY, deliverySchema } from './delivery-setting.ts';
import type { ModuleSettings } from './site.service.ts';

/**
 * Every site setting an operator may change: one zod schema per key with its default, and whether
 * the buyer's app may read it. The server reads values only through these schemas (a stored value
 * that no longer fits reads as the default), and the operator console edits them with the same
 * (GET /ops/settings, POST /ops/settings/save). A key whose default comes from an environment
 * setting (ORDER_PAY_MINUTES, AUTO_RECEIVE_DAYS) names it in `fromConfig`: the environment still
 * sets the default, an operator's value overrides it.
 */

const label = (name: string) => ({ error: `${name}格式不正确` });
const sitePath = (name: string) =>
  z
    .string(label(name))
    .trim()
    .min(1, `请填写${name}`)
    .max(500, `${name}不能超过 500 个字符`)
    // `//host/x` and `/\\host` would leave the site (protocol-relative): a site path has one slash.
    .regex(/^(\/(?![/\\])[^\s<>"'`]*|https:\/\/[^\s<>"'`]+)$/, `${name}必须是以 / 开头的站内路径或 https 地址`);

const banner = z.object(
  {
    image: sitePath('轮播图图片'),
    link: sitePath('轮播图链接').optional(),
    title: z.string(label('轮播图标题')).trim().max(30, '轮播图标题不能超过 30 个字符').optional(),
  },
  label('轮播图'),
);

const freight = z.object(
  {
    freeFromFen: z
      .number(label('包邮门槛'))
      .int('包邮门槛必须是整数（分）')
      .min(0, '包邮门槛不能为负')
      .max(100_000_000, '包邮门槛不能超过 100 万元'),
    feeFen: z
      .number(label('运费'))
      .int('运费必须是整数（分）')
      .min(0, '运费不能为负')
      .max(100_000, '运费不能超过 1000 元'),
  },
  label('运费规则'),
);

export const SETTINGS = {
  siteName: {
    schema: z.string(label('商城名称')).trim().min(1, '请填写商城名称').max(30, '商城名称不能超过 30 个字符'),
    default: '优选商城',
    public: true,
  },
  buyerIcon: { schema: sitePath('浏览器图标'), default: '/static/site/favicon.svg', public: true },
  logo: { schema: sitePath('商城标志'), default: '/static/site/logo.svg', public: true },
  servicePhone: {
    schema: z
      .string(label('客服电话'))
      .trim()
      .regex(/^[0-9-]{5,20}$/, '客服电话格式不正确'),
    default: '400-820-8820',
    public: true,
  },
  banners: { schema: z.array(banner, label('轮播图')).max(10, '轮播图最多 10 张'), default: [], public: true },
  pinnedHotWords: {
    schema: z
      .array(
        z.string(label('置顶热词')).trim().min(1, '置顶热词不能为空').max(20, '置顶热词不能超过 20 个字符'),
        label('置顶热词'),
      )
      .max(10, '置顶热词最多 10 个'),
    default: [],
    public: true,
  },
  /** Free from `freeFromFen` of goods, else `feeFen`. */
  freight: { schema: freight, default: { freeFromFen: 9900, feeFen: 1000 }, public: true },
  /** 配送时效: ship-from province, days by region, daily cut-off; read by the goods detail's 配送至. */
  delivery: { schema: deliverySchema, default: DEFAULT_DELIVERY, public: false },
  /** Days after completion during which a buyer may apply for an after-sale (0: only before completion). */
  afterSaleDays: {
    schema: z
      .number(label('售后期限'))
      .int('售后期限必须是整数（天）')
      .min(0, '售后期限不能为负')
      .max(365, '售后期限不能超过 365 天'),
    default: 7,
    public: false,
  },
  /** Days after completion during which a buyer may review an order line (商品评价). */
  reviewDays: {
    schema: z
      .number(label('评价期限'))
      // Range first, so that 1e308 reads as too long rather than as not whole.
      .min(1, '评价期限至少 1 天')
      .max(365, '评价期限不能超过 365 天')
      .int('评价期限必须是整数（天）'),
    default: 15,
    public: false,
  },
  /** Days after completion during which a buyer may add the one 追评 to their review. */
  followUpDays: {
    schema: z
      .number(label('追评期限'))
      // Range first, so that 1e308 reads as too long rather than as not whole.
      .min(1, '追评期限至少 1 天')
      .max(365, '追评期限不能超过 365 天')
      .int('追评期限必须是整数（天）'),
    default: 180,
    public: false,
  },
  /** Minutes a new order waits for payment before the sweeper cancels it (environment: ORDER_PAY_MINUTES). */
  orderPayMinutes: {
    schema: z
      .number(label('付款时限'))
      .int('付款时限必须是整数（分钟）')
      .min(1, '付款时限至少 1 分钟')
      .max(24 * 60, '付款时限不能超过 1440 分钟（24 小时）'),
    default: 30,
    fromConfig: (c: Config) => c.ORDER_PAY_MINUTES,
    public: false,
  },
  /** Minutes a 秒杀 order waits for payment (shorter than other orders: its units go back to the session sooner). */
  flashSalePayMinutes: {
    schema: z
      .number(label('秒杀付款时限'))
      .int('秒杀付款时限必须是整数（分钟）')
      .min(1, '秒杀付款时限至少 1 分钟')
      .max(120, '秒杀付款时限不能超过 120 分钟'),
    default: 15,
    public: false,
  },
  /** Minutes before a 秒杀 starts when the members who asked (提醒我) get their SMS. */
  remindMinutesBefore: {
    schema: z
      .number(label('秒杀提醒提前时间'))
      .int('秒杀提醒提前时间必须是整数（分钟）')
      .min(1, '秒杀提醒提前时间至少 1 分钟')
      .max(60, '秒杀提醒提前时间不能超过 60 分钟'),
    default: 5,
    public: false,
  },
  /** Days after shipping when receipt is confirmed for the buyer (environment: AUTO_RECEIVE_DAYS). */
  autoReceiveDays: {
    schema: z
      .number(label('自动确认收货天数'))
      .int('自动确认收货天数必须是整数（天）')
      .min(1, '自动确认收货天数至少 1 天')
      .max(60, '自动确认收货天数不能超过 60 天'),
    default: 10,
    fromConfig: (c: Config) => c.AUTO_RECEIVE_DAYS,
    public: false,
  },
  /** 注销冷静期: days between a member's request to cancel the account and its erasure (0: at the next sweep). */
  cancellationCoolingDays: {
    schema: z
      .number(label('注销冷静期'))
      .min(0, '注销冷静期不能为负')
      .max(CANCELLATION_COOLING_DAYS_MAX, `注销冷静期不能超过 ${CANCELLATION_COOLING_DAYS_MAX} 天`)
      .int('注销冷静期必须是整数（天）'),
    default: CANCELLATION_COOLING_DAYS_DEFAULT,
    public: false,
  },
  /** The home a buyer who has not chosen one sees: 新版 (new) or 旧版 (old). */
  defaultHomeVersion: {
    schema: z.enum(['new', 'old'], { error: '默认首页只能是新版或旧版' }),
    default: 'new',
    public: true,
  },
  /** 《用户协议》: plain text, paragraphs separated by blank lines; read through GET /member/site/agreement. */
  userAgreement: { schema: agreementText('用户协议'), default: DEFAULT_USER_AGREEMENT, public: false },
  /** 《隐私政策》: as 用户协议. */
  privacyPolicy: { schema: agreementText('隐私政策'), default: DEFAULT_PRIVACY_POLICY, public: false },
} as const satisfies Record<string, SettingDefinition>;

/** A key's schema, default, whether the buyer's app reads it, and the environment setting that sets its default. */
export interface SettingDefinition<T = unknown> {
  schema: z.ZodType<T>;
  default: T;
  public: boolean;
  fromConfig?: (c: Config) => unknown;
}

type SiteKey = keyof typeof SETTINGS;
export type SettingKey = SiteKey | keyof ModuleSettings;
export type SettingValue<K extends SettingKey> = K extends SiteKey
  ? z.output<(typeof SETTINGS)[K]['schema']>
  : K extends keyof ModuleSettings
    ? ModuleSettings[K]
    : never;

/**
 * Settings of other modules (积分设置 in points, 分销设置 in distribution): each module names its key
 * and type in ModuleSettings (site.service.ts) and registers its definition when it loads, so the
 * site stores, reads and lists them like its own without knowing their shape.
 */
const registered = new Map<string, SettingDefinition>();

export function registerSetting<K extends keyof ModuleSettings>(key: K, definition: SettingDefinition<ModuleSettings[K]>) {
  registered.set(key, definition as SettingDefinition);
}

function definitionOf(key: SettingKey): SettingDefinition {
  const definition = Object.hasOwn(SETTINGS, key) ? SETTINGS[key as SiteKey] : registered.get(key);
  if (!definition) throw new Error(`site setting ${key} is not registered`);
  return definition as SettingDefinition;
}

/** Every key: the site's own, then those other modules registered. */
export const settingKeys = () => [...Object.keys(SETTINGS), ...registered.keys()] as SettingKey[];
export const publicSettingKeys = () => settingKeys().filter((k) => definitionOf(k).public);

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key) || registered.has(key);
}

/**
 * The default of a key: its environment setting when it has one and a configuration is at hand
 * (validated by the key's own schema too), else the fixed default.
 */
export function defaultOf<K extends SettingKey>(key: K, config?: Config): SettingValue<K> {
  const def = definitionOf(key);
  if (config && def.fromConfig) {
    const parsed = def.schema.safeParse(def.fromConfig(config));
    if (parsed.success) return parsed.data as SettingValue<K>;
  }
  return def.default as SettingValue<K>;
}

/** A stored value read through its schema: what does not fit reads as the default. */
export function readSetting<K extends SettingKey>(key: K, stored: unknown, config?: Config): SettingValue<K> {
  if (stored === undefined) return defaultOf(key, config);
  const parsed = definitionOf(key).schema.safeParse(stored);
  return (parsed.success ? parsed.data : defaultOf(key, config)) as SettingValue<K>;
}

/** A value an operator wants to store: the schema's first problem as a Chinese message, or the value. */
export function checkSetting<K extends SettingKey>(
  key: K,
  value: unknown,
): { ok: true; value: SettingValue<K> } | { ok: false; message: string } {
  const parsed = definitionOf(key).schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as SettingValue<K> };
  const issue = parsed.error.issues[0];
  // Which one of a list: 「第 2 项：轮播图链接必须是…」.
  const index = issue?.path.find((p): p is number => typeof p === 'number');
  const message = issue?.message ?? '设置格式不正确';
  return { ok: false, message: index === undefined ? message : `第 ${index + 1} 项：${message}` };
}
