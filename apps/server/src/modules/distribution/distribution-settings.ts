import { z } from 'zod';
import { getSetting, registerSetting } from '../site/site.service.ts';

/**
 * 分销设置 (site setting `distribution`): how long a shared link and a 分销 binding last, whether a
 * distributor's own purchases earn, when commission settles and the smallest withdrawal. Read through
 * site.service's getSetting like every setting; edited in the console.
 */
const whole = (name: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${name}格式不正确` })
    // Range first, so that 1e308 reads as too large rather than as not whole.
    .min(min, `${name}不能小于 ${min}${unit}`)
    .max(max, `${name}不能大于 ${max}${unit}`)
    .int(`${name}必须是整数`);

export const distributionSettingsSchema = z.object(
  {
    /** 分销: a buyer stays bound to the first sharer this many days (推广 binds for ever). */
    bindingDays: whole('绑定有效期', 1, 365, ' 天'),
    /** A shared link binds visitors for this many days after it was made. */
    linkDays: whole('分享链接有效期', 1, 365, ' 天'),
    /** Whether a distributor's own purchases through their link earn commission. */
    selfPurchase: z.boolean({ error: '自购返佣格式不正确' }),
    /** Days after an order completes before its commission settles (the after-sale window). */
    settleDays: whole('结算天数', 0, 90, ' 天'),
    /** The smallest withdrawal, fen. */
    minWithdrawFen: whole('最低提现金额', 100, 10_000_000, ' 分'),
  },
  { error: '分销设置格式不正确' },
);
export type DistributionSettings = z.output<typeof distributionSettingsSchema>;

export const DEFAULT_DISTRIBUTION_SETTINGS: DistributionSettings = {
  bindingDays: 30,
  linkDays: 30,
  selfPurchase: false,
  settleDays: 7,
  minWithdrawFen: 1000,
};

declare module '../site/site.service.ts' {
  interface ModuleSettings {
    distribution: DistributionSettings;
  }
}

/** 分销设置 is a site setting this module owns: stored, read and listed by the site like its own. */
registerSetting('distribution', { schema: distributionSettingsSchema, default: DEFAULT_DISTRIBUTION_SETTINGS, public: false });

/** The stored distribution settings, read through their schema (the default where unset). */
export const distributionSettings = (ctx: Parameters<typeof getSetting>[0]): Promise<DistributionSettings> => getSetting(ctx, 'distribution');
