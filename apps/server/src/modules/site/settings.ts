import { z } from 'zod';

/**
 * Every site setting an operator may change: one zod schema per key with its default, and whether
 * the buyer's app may read it. The server reads values only through these schemas (a stored value
 * that no longer fits reads as the default), and the operator console will edit them with the same.
 */

const MAX_FEN = 2_147_483_647; // integer columns of fen

const label = (name: string) => ({ error: `${name}格式不正确` });
const sitePath = (name: string) =>
  z
    .string(label(name))
    .trim()
    .min(1, `请填写${name}`)
    .max(500, `${name}不能超过 500 个字符`)
    .regex(/^(\/[^\s<>"'`]*|https:\/\/[^\s<>"'`]+)$/, `${name}必须是以 / 开头的站内路径或 https 地址`);

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
    freeFromFen: z.number(label('包邮门槛')).int('包邮门槛必须是整数（分）').min(0).max(MAX_FEN / 2),
    feeFen: z.number(label('运费')).int('运费必须是整数（分）').min(0, '运费不能为负').max(100_000, '运费不能超过 1000 元'),
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
    schema: z.string(label('客服电话')).trim().regex(/^[0-9-]{5,20}$/, '客服电话格式不正确'),
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
  /** Days after completion during which a buyer may apply for an after-sale (0: only before completion). */
  afterSaleDays: {
    schema: z.number(label('售后期限')).int('售后期限必须是整数（天）').min(0, '售后期限不能为负').max(365, '售后期限不能超过 365 天'),
    default: 7,
    public: false,
  },
} as const satisfies Record<string, { schema: z.ZodType; default: unknown; public: boolean }>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]['schema']>;
export type Settings = { [K in SettingKey]: SettingValue<K> };

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export const PUBLIC_SETTING_KEYS = SETTING_KEYS.filter((k) => SETTINGS[k].public);

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** A stored value read through its schema: what does not fit reads as the default. */
export function readSetting<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  if (stored === undefined) return SETTINGS[key].default as SettingValue<K>;
  const parsed = SETTINGS[key].schema.safeParse(stored);
  return (parsed.success ? parsed.data : SETTINGS[key].default) as SettingValue<K>;
}

/** A value an operator wants to store: the schema's first problem as a Chinese message, or the value. */
export function checkSetting<K extends SettingKey>(
  key: K,
  value: unknown,
): { ok: true; value: SettingValue<K> } | { ok: false; message: string } {
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as SettingValue<K> };
  return { ok: false, message: parsed.error.issues[0]?.message ?? '设置格式不正确' };
}
