import { z } from 'zod';
import {
  ACTIVITY_PAGE_BLOCK_MAX,
  ACTIVITY_PAGE_MAX_BLOCKS,
  ACTIVITY_PAGE_MAX_COUPONS,
  ACTIVITY_PAGE_MAX_SECTIONS,
  ACTIVITY_PAGE_SECTION_TYPES,
  ACTIVITY_PAGE_STATUSES,
} from '@mall/shared';
import { enumOf, intId, pageQuery, text } from '../../lib/validation.ts';

/**
 * What an operator may save as an activity page: a title, a share subtitle and at most 20 sections,
 * each checked by its own schema. Text is plain text (rendered as React text, never HTML); a banner's
 * link stays inside the shop. Whether the images, activities and coupons it names exist is checked by
 * the service against the database.
 */

/**
 * An in-shop path: one leading slash (`//host` and `/\host` would leave the site), no spaces, quotes
 * or angle brackets, so no `javascript:` or `https://` ever gets through.
 */
export const IN_SHOP_PATH = /^\/(?![/\\])[^\s<>"'`\\]*$/;

const object = <T extends z.ZodRawShape>(label: string, shape: T) => z.strictObject(shape, { error: `${label}格式不正确` });

const banner = object('横幅板块', {
  type: z.literal('banner'),
  image: text('横幅图片', { min: 1, max: 300 }),
  link: z
    .union([
      z.null(),
      z.literal(''),
      text('横幅链接', { max: 300, pattern: IN_SHOP_PATH, patternMessage: '横幅链接只能是以 / 开头的站内路径，例如 /goodsDetail?goodsId=1' }),
    ])
    .optional()
    .transform((v) => v || null),
});

const countdown = object('倒计时板块', {
  type: z.literal('countdown'),
  activityId: intId('倒计时的活动'),
  label: text('倒计时标题', { min: 1, max: 20 }),
});

const goods = object('商品板块', {
  type: z.literal('goods'),
  activityId: intId('商品板块的活动'),
  title: text('商品板块标题', { min: 1, max: 20 }),
});

const coupons = object('优惠券板块', {
  type: z.literal('coupons'),
  couponIds: z
    .array(intId('优惠券'), { error: '优惠券格式不正确' })
    .min(1, '请选择优惠券')
    .max(ACTIVITY_PAGE_MAX_COUPONS, `一个优惠券板块最多 ${ACTIVITY_PAGE_MAX_COUPONS} 张优惠券`)
    .refine((ids) => new Set(ids).size === ids.length, '优惠券有重复'),
});

const block = object('文字段落', {
  type: enumOf('段落类型', ['heading', 'paragraph']),
  text: text('段落文字', { min: 1, max: ACTIVITY_PAGE_BLOCK_MAX }),
});

const richText = object('图文说明板块', {
  type: z.literal('richText'),
  blocks: z
    .array(block, { error: '文字段落格式不正确' })
    .min(1, '请填写至少一段文字')
    .max(ACTIVITY_PAGE_MAX_BLOCKS, `一个图文说明板块最多 ${ACTIVITY_PAGE_MAX_BLOCKS} 段文字`),
});

/**
 * One section: the `type` picks the schema, so a message names what is wrong with that kind of
 * section; an unknown type is refused by name.
 */
export const sectionSchema = z
  .custom<{ type: string }>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { error: '板块格式不正确' })
  .pipe(
    z.discriminatedUnion('type', [banner, countdown, goods, coupons, richText], {
      error: (iss) => (iss.code === 'invalid_union' ? `板块类型不正确，只能是 ${ACTIVITY_PAGE_SECTION_TYPES.join(' / ')}` : undefined),
    }),
  );
export type SectionInput = z.output<typeof sectionSchema>;

/** Prefixes each problem inside a section with 第 N 个板块：, the way operators count them. */
const sectionsSchema = z
  .array(z.unknown(), { error: '板块格式不正确' })
  .max(ACTIVITY_PAGE_MAX_SECTIONS, `一个活动页面最多 ${ACTIVITY_PAGE_MAX_SECTIONS} 个板块`)
  .transform((list, ctx) => {
    const out: SectionInput[] = [];
    list.forEach((raw, i) => {
      const r = sectionSchema.safeParse(raw);
      if (r.success) out.push(r.data);
      else ctx.addIssue({ code: 'custom', message: `第 ${i + 1} 个板块：${r.error.issues[0]?.message ?? '格式不正确'}`, path: [i] });
    });
    return out;
  });

const pageFields = {
  title: text('页面标题', { min: 1, max: 30 }),
  shareSubtitle: text('分享副标题', { max: 60 }).optional().default(''),
  sections: sectionsSchema,
};

export const createPageBody = z.object(pageFields);
export const updatePageBody = z.object({ id: intId('活动页面'), ...pageFields });
export type PageInput = z.output<typeof createPageBody>;
export const pageIdBody = z.object({ id: intId('活动页面') });
export const opsPagesQuery = z.object({ ...pageQuery, status: enumOf('页面状态', ACTIVITY_PAGE_STATUSES).optional() });

/** The buyer's call: a page id and, from the console's 预览, a signed token. */
export const buyerPageQuery = z.object({
  id: intId('活动页面'),
  preview: z.string({ error: '预览链接格式不正确' }).max(200, '预览链接格式不正确').optional(),
});
