import { z } from 'zod';
import { APPLICATION_STATUSES, DISTRIBUTION_PROGRAMMES, MOBILE_PATTERN, SHARE_CHANNELS } from '@mall/shared';
import { enumOf, intId, pageQuery, text } from '../../lib/validation.ts';

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
