import { z } from 'zod';
import { REVIEW_FILTER_KEYS, REVIEW_MAX_IMAGES, REVIEW_MAX_TEXT } from '@mall/shared';
import { IMAGE_NAME } from '../../lib/image-kind.ts';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { enumOf, flag, int, intId, pageQuery, text } from '../../lib/validation.ts';

const uuidField = (label: string) => text(label, { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: `${label}不存在` });

/** Stored names the upload endpoint answered; at most 9, no repeats. */
const imageList = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : v),
  z
    .array(text('图片', { min: 1, max: 60, pattern: IMAGE_NAME, patternMessage: '图片不正确，请重新上传' }), {
      error: '图片格式不正确',
    })
    .max(REVIEW_MAX_IMAGES, `最多上传 ${REVIEW_MAX_IMAGES} 张图片`)
    .refine((a) => new Set(a).size === a.length, '图片重复'),
);

/** Review text: trimmed, 1–500 characters, no control characters but line breaks. */
const reviewText = (label: string) =>
  text(label, { min: 1, max: REVIEW_MAX_TEXT }).refine(
    (v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v),
    `${label}含有不允许的字符`,
  );

export const goodsPageQuery = z.object({
  ...pageQuery,
  goodsId: intId('商品'),
  filter: enumOf('评价筛选', REVIEW_FILTER_KEYS as [string, ...string[]]).default('ALL'),
});

export const pendingQuery = z.object({
  ...pageQuery,
  state: enumOf('待评价类型', ['REVIEW', 'FOLLOW_UP']).default('REVIEW'),
});

/** Up to one page of order lines (form style `orderItemIds=a&orderItemIds=b` or comma separated). */
export const lineStatesQuery = z.object({
  orderItemIds: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(uuidField('订单商品'), { error: '请选择订单商品' })
      .min(1, '请选择订单商品')
      .max(100, '订单商品最多 100 个'),
  ),
});

export const createBody = z.object({
  orderItemId: uuidField('订单商品'),
  rating: int('评分', { min: 1, max: 5, minMessage: '评分为 1–5 星', maxMessage: '评分为 1–5 星' }),
  content: reviewText('评价内容'),
  images: imageList,
  anonymous: flag('匿名评价').default(false),
});

export const followUpBody = z.object({
  orderItemId: uuidField('订单商品'),
  content: reviewText('追评内容'),
  images: imageList,
});

/* ---- the console ---- */

export const opsPageQuery = z.object({
  ...pageQuery,
  status: enumOf('评价状态', ['ALL', 'SHOWN', 'HIDDEN', 'UNREPLIED']).default('ALL'),
  level: enumOf('评价等级', ['ALL', 'GOOD', 'MEDIUM', 'BAD']).default('ALL'),
  keyword: text('搜索关键词', { max: 50 }).optional(),
  goodsId: intId('商品').optional(),
});

export const opsIdBody = z.object({ id: uuidField('评价') });
export const opsHideBody = opsIdBody.extend({ reason: text('隐藏原因', { min: 2, max: 100 }) });
export const opsReplyBody = opsIdBody.extend({ content: reviewText('回复内容') });
