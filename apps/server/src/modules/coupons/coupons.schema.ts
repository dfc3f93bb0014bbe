import { z } from 'zod';
import {
  COUPON_CHANNELS,
  COUPON_KINDS,
  COUPON_SCOPES,
  COUPON_TEMPLATE_STATUSES,
  COUPON_VALIDITY_TYPES,
  MEMBER_COUPON_TABS,
} from '@mall/shared';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { enumOf, fen, int, intId, pageQuery, text } from '../../lib/validation.ts';

/** A member coupon's id: another's, a made-up or a malformed one all read as 优惠券不存在. */
export const couponIdField = text('优惠券', { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: '优惠券不存在' });

/* ---- the buyer ---- */

export const claimBody = z.object({ templateId: intId('优惠券') });
export const goodsCouponsQuery = z.object({ goodsId: intId('商品') });
export const myCouponsQuery = z.object({ ...pageQuery, tab: enumOf('优惠券状态', MEMBER_COUPON_TABS).default('UNUSED') });
export const couponGoodsQuery = z.object({ couponId: couponIdField });

/* ---- the console ---- */

/** The most a coupon may take off and the highest threshold: ¥10,000 and ¥1,000,000. */
export const MAX_COUPON_AMOUNT_FEN = 1_000_000;
export const MAX_THRESHOLD_FEN = 100_000_000;

const isoTime = (label: string) =>
  z.iso.datetime({ offset: true, error: (iss) => (iss.input === undefined ? `请填写${label}` : `${label}格式不正确`) });

const scopeIds = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : v),
  z
    .array(intId('适用范围'), { error: '适用范围格式不正确' })
    .max(100, '适用范围最多选择 100 项')
    .refine((a) => new Set(a).size === a.length, '适用范围有重复'),
);

const templateFields = {
  name: text('优惠券名称', { min: 1, max: 30 }),
  description: text('使用说明', { max: 200 }).default(''),
  kind: enumOf('优惠券类型', COUPON_KINDS),
  thresholdFen: fen('使用门槛', { max: MAX_THRESHOLD_FEN }).default(0),
  amountFen: fen('减免金额', { max: MAX_COUPON_AMOUNT_FEN }).optional(),
  discountPercent: int('折扣', { min: 1, max: 99, minMessage: '折扣须在 0.1–9.9 折之间', maxMessage: '折扣须在 0.1–9.9 折之间' }).optional(),
  capFen: fen('最高优惠金额', { max: MAX_COUPON_AMOUNT_FEN }).optional(),
  scope: enumOf('适用范围', COUPON_SCOPES).default('ALL'),
  scopeIds,
  validityType: enumOf('有效期类型', COUPON_VALIDITY_TYPES),
  validFrom: isoTime('生效时间').optional(),
  validTo: isoTime('失效时间').optional(),
  validDays: int('领取后有效天数', { min: 1, max: 365, minMessage: '领取后有效天数为 1–365 天', maxMessage: '领取后有效天数为 1–365 天' }).optional(),
  totalQuantity: int('发放总量', { min: 1, max: 1_000_000, minMessage: '发放总量至少 1 张', maxMessage: '发放总量不能超过 1000000 张' }),
  perMemberLimit: int('每人限领', { min: 1, max: 100, minMessage: '每人限领至少 1 张', maxMessage: '每人限领不能超过 100 张' }).default(1),
  channel: enumOf('领取方式', COUPON_CHANNELS),
};

type TemplateShape = z.output<z.ZodObject<typeof templateFields>>;

/** The rules between fields, each a Chinese sentence on the field it is about. */
function checkTemplate(v: TemplateShape, ctx: z.RefinementCtx) {
  const say = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (v.kind === 'FULL_REDUCTION') {
    if (!v.amountFen) say('请填写减免金额（大于 0）', 'amountFen');
    else if (v.thresholdFen > 0 && v.amountFen > v.thresholdFen) say('减免金额不能大于使用门槛', 'amountFen');
  } else {
    if (v.discountPercent === undefined) say('请填写折扣（如 80 表示 8 折）', 'discountPercent');
    if (!v.capFen) say('请填写最高优惠金额（大于 0）', 'capFen');
  }
  if (v.scope !== 'ALL' && v.scopeIds.length === 0) say(v.scope === 'GOODS' ? '请选择适用商品' : '请选择适用分类', 'scopeIds');
  if (v.validityType === 'RANGE') {
    if (!v.validFrom) say('请填写生效时间', 'validFrom');
    else if (!v.validTo) say('请填写失效时间', 'validTo');
    else if (Date.parse(v.validTo) <= Date.parse(v.validFrom)) say('失效时间须晚于生效时间', 'validTo');
    else if (Date.parse(v.validTo) - Date.parse(v.validFrom) > 3 * 366 * 86_400_000) say('有效期不能超过 3 年', 'validTo');
  } else if (v.validDays === undefined) say('请填写领取后有效天数', 'validDays');
  if (v.perMemberLimit > v.totalQuantity) say('每人限领不能大于发放总量', 'perMemberLimit');
}

export const createTemplateBody = z.object(templateFields).superRefine(checkTemplate);
export const updateTemplateBody = z
  .object({ id: intId('优惠券'), ...templateFields })
  .superRefine(checkTemplate);
export type TemplateInput = z.output<typeof createTemplateBody>;

export const templateIdBody = z.object({ id: intId('优惠券') });

export const opsTemplatePageQuery = z.object({
  ...pageQuery,
  status: enumOf('发放状态', COUPON_TEMPLATE_STATUSES).optional(),
  channel: enumOf('领取方式', COUPON_CHANNELS).optional(),
  kind: enumOf('优惠券类型', COUPON_KINDS).optional(),
  keyword: text('搜索关键词', { max: 30 }).optional(),
});

const memberIdField = text('会员', { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: '会员不存在' });

export const grantBody = z.object({
  id: intId('优惠券'),
  memberIds: z
    .array(memberIdField, { error: (iss) => (iss.input === undefined ? '请选择会员' : '会员格式不正确') })
    .min(1, '请选择会员')
    .max(100, '一次最多发放给 100 位会员')
    .refine((a) => new Set(a).size === a.length, '会员有重复'),
});

export const templateCouponsQuery = z.object({
  ...pageQuery,
  id: intId('优惠券'),
  status: enumOf('券状态', ['UNUSED', 'HELD', 'USED', 'EXPIRED']).optional(),
});
