import { z } from 'zod';
import { POINTS_REASON_KEYS } from '@mall/shared';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { enumOf, fen, int, intId, pageQuery, text } from '../../lib/validation.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2099-12-31';
};
const day = (label: string) =>
  text(label, { min: 1, max: 10, pattern: DAY, patternMessage: `${label}格式不正确，应为 YYYY-MM-DD` }).refine(
    realDay,
    `${label}不是有效的日期`,
  );

export const ledgerQuery = z
  .object({
    ...pageQuery,
    type: enumOf('收支类型', ['ALL', 'IN', 'OUT']).default('ALL'),
    reason: enumOf('积分来源', POINTS_REASON_KEYS).optional(),
    from: day('开始日期').optional(),
    to: day('结束日期').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, '开始日期不能晚于结束日期');

export const calendarQuery = z.object({
  month: text('月份', { min: 1, max: 7, pattern: /^(20\d\d)-(0[1-9]|1[0-2])$/, patternMessage: '月份格式不正确，应为 YYYY-MM' }).optional(),
});

/* ---- points mall ---- */

export const MALL_SORTS = ['DEFAULT', 'POINTS_ASC', 'POINTS_DESC', 'HOT'] as const;

const category = text('分类', { min: 1, max: 10 }).refine(
  (v) => !/[\u0000-\u001f\u007f<>]/.test(v),
  '分类含有不允许的字符',
);

export const mallPageQuery = z.object({
  ...pageQuery,
  category: category.optional(),
  sort: enumOf('排序方式', MALL_SORTS).default('DEFAULT'),
});

export const mallIdQuery = z.object({ id: intId('积分商品') });

/* ---- the console ---- */

export const opsMallPageQuery = z.object({
  ...pageQuery,
  category: category.optional(),
  shelf: enumOf('上架状态', ['ALL', 'ON', 'OFF']).default('ALL'),
  sort: enumOf('排序方式', MALL_SORTS).default('DEFAULT'),
});

const mallFields = {
  category,
  pointsPrice: int('所需积分', { min: 1, max: 10_000_000, minMessage: '所需积分至少为 1', maxMessage: '所需积分不能超过 10000000' }),
  cashFen: fen('加价金额', { max: 10_000_000 }).default(0),
  stock: int('兑换库存', { min: 0, max: 1_000_000, minMessage: '兑换库存不能为负数', maxMessage: '兑换库存不能超过 1000000' }),
  perMemberLimit: int('每人限兑', { min: 0, max: 1000, minMessage: '每人限兑不能为负数', maxMessage: '每人限兑不能超过 1000' }).default(0),
  sort: int('排序', { min: 0, max: 100_000, minMessage: '排序不能为负数', maxMessage: '排序不能超过 100000' }).default(0),
  onShelf: z.boolean({ error: '上架状态格式不正确' }).default(false),
};

export const opsMallCreateBody = z.object({ skuId: intId('商品规格'), ...mallFields });
export const opsMallUpdateBody = z.object({ id: intId('积分商品'), ...mallFields });
export const opsMallShelfBody = z.object({ id: intId('积分商品'), onShelf: z.boolean({ error: '上架状态格式不正确' }) });

const memberId = text('会员编号', { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: '会员编号格式不正确' });

export const opsMemberQuery = z.object({ ...pageQuery, memberId });

export const opsAdjustBody = z.object({
  memberId,
  amount: int('调整积分', { min: -1_000_000, max: 1_000_000, minMessage: '一次最多扣除 1000000 积分', maxMessage: '一次最多发放 1000000 积分' }).refine(
    (v) => v !== 0,
    '调整积分不能为 0',
  ),
  reason: text('调整原因', { min: 2, max: 100 }).refine((v) => !/[\u0000-\u001f\u007f]/.test(v), '调整原因含有不允许的字符'),
});

export const opsSettingsBody = z.object({ value: z.unknown().refine((v) => v !== undefined, '请填写积分设置') });
