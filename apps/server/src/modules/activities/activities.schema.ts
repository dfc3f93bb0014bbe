import { z } from 'zod';
import { ACTIVITY_KINDS, ACTIVITY_STATUSES } from '@mall/shared';
import { enumOf, fen, int, intId, pageQuery, text } from '../../lib/validation.ts';

/** The most units one SKU may put into an activity, and the most SKUs an activity holds. */
export const MAX_ACTIVITY_STOCK = 100_000;
export const MAX_ACTIVITY_SKUS = 50;
/** An activity lasts at most 31 days. */
const MAX_SPAN_MS = 31 * 86_400_000;

const isoTime = (label: string) =>
  z.iso.datetime({ offset: true, error: (iss) => (iss.input === undefined ? `请填写${label}` : `${label}格式不正确`) });

const skuFields = z.object(
  {
    skuId: intId('商品规格'),
    priceFen: fen('活动价', { max: 100_000_000 }).optional(),
    percent: int('折扣', { min: 1, max: 99, minMessage: '折扣须在 0.1–9.9 折之间', maxMessage: '折扣须在 0.1–9.9 折之间' }).optional(),
    stock: int('活动库存', { min: 0, max: MAX_ACTIVITY_STOCK }).default(0),
  },
  { error: '活动商品格式不正确' },
);

const activityFields = {
  kind: enumOf('活动类型', ACTIVITY_KINDS),
  title: text('活动名称', { min: 1, max: 30 }),
  startsAt: isoTime('开始时间'),
  endsAt: isoTime('结束时间'),
  perMemberLimit: int('每人限购', { min: 0, max: 99 }).default(0),
  skus: z
    .array(skuFields, { error: '活动商品格式不正确' })
    .min(1, '请添加活动商品')
    .max(MAX_ACTIVITY_SKUS, `一个活动最多 ${MAX_ACTIVITY_SKUS} 个商品规格`),
};

type ActivityShape = z.output<z.ZodObject<typeof activityFields>>;

/** The rules between fields, each a Chinese sentence on the field it is about. */
function checkActivity(v: ActivityShape, ctx: z.RefinementCtx) {
  const say = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
  const span = Date.parse(v.endsAt) - Date.parse(v.startsAt);
  if (span <= 0) say('结束时间须晚于开始时间', ['endsAt']);
  else if (span > MAX_SPAN_MS) say('活动时长不能超过 31 天', ['endsAt']);
  if (new Set(v.skus.map((s) => s.skuId)).size !== v.skus.length) say('活动商品规格有重复', ['skus']);
  v.skus.forEach((s, i) => {
    if (v.kind === 'FLASH_SALE') {
      if (!s.priceFen) say('请填写秒杀价（大于 0）', ['skus', i, 'priceFen']);
      if (s.percent !== undefined) say('秒杀按价格设置，不用折扣', ['skus', i, 'percent']);
      if (s.stock < 1) say('秒杀库存至少 1 件', ['skus', i, 'stock']);
    } else {
      if ((s.priceFen === undefined) === (s.percent === undefined)) say('请填写折扣价或折扣（二选一）', ['skus', i, 'priceFen']);
      else if (s.priceFen === 0) say('折扣价须大于 0', ['skus', i, 'priceFen']);
      if (s.stock !== 0) say('限时折扣不单独设置库存', ['skus', i, 'stock']);
    }
  });
}

export const createActivityBody = z.object(activityFields).superRefine(checkActivity);
export const updateActivityBody = z.object({ id: intId('活动'), ...activityFields }).superRefine(checkActivity);
export type ActivityInput = z.output<typeof createActivityBody>;

export const activityIdBody = z.object({ id: intId('活动') });
export const opsActivityPageQuery = z.object({
  ...pageQuery,
  kind: enumOf('活动类型', ACTIVITY_KINDS).optional(),
  status: enumOf('活动状态', ACTIVITY_STATUSES).optional(),
});

/* ---- the buyer ---- */

export const activityGoodsQuery = z.object({ activityId: intId('活动'), skuId: intId('商品规格') });
export const goodsActivitiesQuery = z.object({ goodsId: intId('商品') });
