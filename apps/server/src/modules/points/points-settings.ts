import { z } from 'zod';
import { getSetting, registerSetting } from '../site/site.service.ts';

/**
 * 积分设置 (site setting `points`): what 签到, tasks and paid orders give, what points are worth at
 * checkout and how long they last. Read through site.service's getSetting like every setting; edited
 * in the console (POST /ops/points/settings/save or the generic /ops/settings/save).
 */

const whole = (name: string, min: number, max: number, unit = '') =>
  z
    .number({ error: `${name}格式不正确` })
    // Range first, so that 1e308 reads as too large rather than as not whole.
    .min(min, `${name}不能小于 ${min}${unit}`)
    .max(max, `${name}不能大于 ${max}${unit}`)
    .int(`${name}必须是整数`);

export const pointsSettingsSchema = z
  .object(
    {
      /** Points for each day's 签到. */
      signInPoints: whole('每日签到积分', 0, 1000),
      /** 连续签到 bonuses: every `days` days in a row (7, 14, 21...) add `points`. */
      streakBonuses: z
        .array(
          z.object(
            { days: whole('连续签到天数', 2, 31, ' 天'), points: whole('连续签到奖励积分', 1, 10_000) },
            { error: '连续签到奖励格式不正确' },
          ),
          { error: '连续签到奖励格式不正确' },
        )
        .max(5, '连续签到奖励最多 5 档')
        .refine((list) => new Set(list.map((b) => b.days)).size === list.length, '连续签到天数不能重复'),
      /** One-off task rewards. */
      taskPoints: z.object(
        {
          FIRST_ORDER: whole('首单任务积分', 0, 100_000),
          PROFILE: whole('完善资料任务积分', 0, 100_000),
          MOBILE: whole('绑定手机任务积分', 0, 100_000),
        },
        { error: '任务积分格式不正确' },
      ),
      /** Points per ¥1 paid, credited when the order completes (0: none). */
      pointsPerYuan: whole('每元积分', 0, 100),
      /** What 100 points are worth at checkout, fen (100: 100 积分 = ¥1). */
      fenPer100Points: whole('100 积分抵扣金额（分）', 1, 10_000),
      /** The most of the goods amount points may pay, percent. */
      maxDeductPercent: whole('积分抵扣上限比例', 0, 100, '%'),
      /** Points expire at the end of the n-th year after the year earned; 0: never. */
      expiryYears: whole('积分有效期', 0, 10, ' 年'),
    },
    { error: '积分设置格式不正确' },
  );

export type PointsSettings = z.output<typeof pointsSettingsSchema>;

export const DEFAULT_POINTS_SETTINGS: PointsSettings = {
  signInPoints: 5,
  streakBonuses: [{ days: 7, points: 20 }],
  taskPoints: { FIRST_ORDER: 100, PROFILE: 20, MOBILE: 20 },
  pointsPerYuan: 1,
  fenPer100Points: 100,
  maxDeductPercent: 50,
  expiryYears: 1,
};

declare module '../site/site.service.ts' {
  interface ModuleSettings {
    points: PointsSettings;
  }
}

/** 积分设置 is a site setting this module owns: stored, read and listed by the site like its own. */
registerSetting('points', { schema: pointsSettingsSchema, default: DEFAULT_POINTS_SETTINGS, public: false });

/** The stored points settings, read through their schema (the default where unset). */
export const pointsSettingsOf = (ctx: Parameters<typeof getSetting>[0]): Promise<PointsSettings> => getSetting(ctx, 'points');
