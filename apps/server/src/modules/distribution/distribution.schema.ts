import { z } from 'zod';
import { APPLICATION_STATUSES, DISTRIBUTION_PROGRAMMES, MOBILE_PATTERN, SHARE_CHANNELS } from '@mall/shared';
import { enumOf, int, intId, pageQuery, text } from '../../lib/validation.ts';

const programme = enumOf('计划', DISTRIBUTION_PROGRAMMES);

export const programmeQuery = z.object({ programme });

export const applyBody = z.object({
  programme,
  realNameId: text('实名信息', { min: 1, max: 36 }),
  mobile: text('联系手机', { min: 1, max: 11, pattern: MOBILE_PATTERN, patternMessage: '请输入正确的 11 位手机号' }),
  channel: enumOf('分享渠道', SHARE_CHANNELS),
  reason: text('申请理由', { min: 1, max: 200 }),
  inviteCode: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    text('邀请码', { max: 8, pattern: /^[A-Z2-9]{8}$/, patternMessage: '邀请码为 8 位字母或数字' }).optional(),
  ),
});
export type ApplyInput = z.output<typeof applyBody>;

/* ---- the console ---- */

export const applicationPageQuery = z.object({
  ...pageQuery,
  programme: programme.optional(),
  status: enumOf('审核状态', APPLICATION_STATUSES).optional(),
  keyword: text('关键词', { max: 30 }).optional(),
});
export const applicationIdBody = z.object({ id: intId('申请') });
export const rejectBody = z.object({ id: intId('申请'), reason: text('驳回原因', { min: 1, max: 200 }) });

/* ---- sharing ---- */

export const visitBody = z.object({ share: text('分享链接', { min: 1, max: 64 }) });

export const shareLinkBody = z.object({
  goodsId: intId('商品'),
  skuId: intId('商品规格').optional(),
  programme: programme.optional(),
});

const distributionSku = z.object(
  {
    skuId: intId('商品规格'),
    ruleType: enumOf('佣金方式', ['FIXED', 'RATE']).optional(),
    amountFen: int('固定佣金', { min: 1, max: 100_000_000, minMessage: '固定佣金须大于 0' }).optional(),
    basisPoints: int('佣金比例', {
      min: 1,
      max: 5000,
      minMessage: '佣金比例须在 0.01%–50% 之间',
      maxMessage: '佣金比例须在 0.01%–50% 之间',
    }).optional(),
  },
  { error: '分销规格格式不正确' },
);

export const distributionGoodsBody = z
  .object({
    programme,
    goodsId: intId('商品'),
    skus: z
      .array(distributionSku, { error: '分销规格格式不正确' })
      .min(1, '请至少选择一个规格')
      .max(100, '一个商品最多 100 个规格'),
  })
  .superRefine((v, ctx) => {
    const say = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    if (new Set(v.skus.map((s) => s.skuId)).size !== v.skus.length) say('规格有重复', ['skus']);
    v.skus.forEach((s, i) => {
      if (v.programme === 'PROMOTER') {
        if (s.ruleType || s.amountFen !== undefined || s.basisPoints !== undefined)
          say('推广商品按推广等级比例计佣，不单独设置佣金', ['skus', i]);
      } else if (s.ruleType === 'FIXED') {
        if (s.amountFen === undefined) say(`第 ${i + 1} 个规格：请填写固定佣金`, ['skus', i, 'amountFen']);
        if (s.basisPoints !== undefined) say(`第 ${i + 1} 个规格：固定佣金不用比例`, ['skus', i, 'basisPoints']);
      } else if (s.ruleType === 'RATE') {
        if (s.basisPoints === undefined) say(`第 ${i + 1} 个规格：请填写佣金比例`, ['skus', i, 'basisPoints']);
        if (s.amountFen !== undefined) say(`第 ${i + 1} 个规格：按比例计佣不用固定金额`, ['skus', i, 'amountFen']);
      } else say(`第 ${i + 1} 个规格：请选择佣金方式`, ['skus', i, 'ruleType']);
    });
  });
export type DistributionGoodsInput = z.output<typeof distributionGoodsBody>;

export const distributionGoodsPageQuery = z.object({ ...pageQuery, programme });
export const distributionGoodsRemoveBody = z.object({ programme, goodsId: intId('商品') });
