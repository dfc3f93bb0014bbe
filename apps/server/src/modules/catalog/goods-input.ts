import { z } from 'zod';
import { STOCK_MAX } from '@mall/shared';
import { badRequest } from '../../lib/errors.ts';
import { enumOf, fen, flag, int, intId, pageQuery, text } from '../../lib/validation.ts';

/**
 * What an operator sends to create or change a goods, its categories and brands. Every failure is
 * one Chinese sentence naming the field, and, inside a list, the row (SKU 第 3 行：售价不能为负数).
 */

/** The highest price a SKU may have: ¥1,000,000.00 (an order of many stays far inside int4). */
export const PRICE_MAX_FEN = 100_000_000;
export const SKU_MAX = 200;
export const IMAGES_MAX = 10;
export const SPEC_DIMS_MAX = 3;
export const SPEC_VALUES_MAX = 30;

const CONTROL = /^[^\u0000-\u001f\u007f]*$/;
/** A one-line name: no line breaks or control characters. */
const line = (label: string, min: number, max: number) =>
  text(label, { min, max, pattern: CONTROL, patternMessage: `${label}不能包含换行或控制字符` });

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** An image reference: a server-made upload name or its URL, or a picture the goods already has. */
const imageRef = (label: string) =>
  text(label, { min: 1, max: 300, pattern: /^[^\s<>"'`\\]+$/, patternMessage: `${label}地址不正确，请重新上传` });

const param = z.object({ name: line('参数名', 1, 20), value: line('参数值', 1, 200) }, { error: '参数格式不正确' });

const detailBlock = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('heading'), text: line('标题', 1, 100) }),
    z.object({ type: z.literal('text'), text: text('段落', { min: 1, max: 2000 }) }),
    z.object({
      type: z.literal('list'),
      items: z
        .array(line('列表项', 1, 200), { error: '列表格式不正确' })
        .min(1, '列表至少要有 1 项')
        .max(30, '列表最多 30 项'),
    }),
    z.object({ type: z.literal('image'), src: imageRef('详情图片'), alt: optional(line('图片说明', 1, 100)) }),
  ],
  { error: '详情段落的类型只能是标题、段落、列表或图片' },
);

const specDim = z.object(
  {
    name: line('规格名', 1, 10),
    values: z
      .array(line('规格值', 1, 20), { error: '规格值格式不正确' })
      .min(1, '每个规格至少要有 1 个规格值')
      .max(SPEC_VALUES_MAX, `每个规格最多 ${SPEC_VALUES_MAX} 个规格值`),
  },
  { error: '规格格式不正确' },
);

const skuCode = text('SKU 编码', {
  max: 40,
  pattern: /^[A-Za-z0-9_-]*$/,
  patternMessage: 'SKU 编码只能包含字母、数字、- 和 _',
});

const skuRow = z.object(
  {
    id: optional(intId('SKU 编号')),
    specs: z.record(z.string(), z.string({ error: '规格值格式不正确' }), { error: '规格格式不正确' }).default({}),
    price: fen('售价', { max: PRICE_MAX_FEN }).refine((v) => v > 0, '售价必须大于 0'),
    marketPrice: fen('市场价', { max: PRICE_MAX_FEN }).default(0),
    stock: optional(
      int('库存', { min: 0, max: STOCK_MAX, minMessage: '库存不能为负数', maxMessage: `库存不能超过 ${STOCK_MAX}` }),
    ),
    code: optional(skuCode),
  },
  { error: 'SKU 格式不正确' },
);

const goodsFields = {
  name: line('商品名称', 1, 100),
  subtitle: optional(line('副标题', 1, 120)),
  categoryId: intId('分类'),
  brandId: z.preprocess((v) => (v === '' ? null : v), intId('品牌').nullable().optional()),
  images: z
    .array(imageRef('商品图片'), {
      error: (i) => (i.input === undefined ? '请至少上传 1 张商品图片' : '商品图片格式不正确'),
    })
    .min(1, '请至少上传 1 张商品图片')
    .max(IMAGES_MAX, `商品图片最多 ${IMAGES_MAX} 张`),
  params: z.array(param, { error: '商品参数格式不正确' }).max(30, '商品参数最多 30 项').default([]),
  detail: z.array(detailBlock, { error: '商品详情格式不正确' }).max(50, '商品详情最多 50 段').default([]),
  isCrossBorder: flag('跨境商品').default(false),
  specs: z.array(specDim, { error: '规格格式不正确' }).max(SPEC_DIMS_MAX, `规格最多 ${SPEC_DIMS_MAX} 种`).default([]),
  skus: z
    .array(skuRow, { error: (i) => (i.input === undefined ? '请至少添加 1 个 SKU' : 'SKU 格式不正确') })
    .min(1, '请至少添加 1 个 SKU')
    .max(SKU_MAX, `SKU 最多 ${SKU_MAX} 个`),
};

export const createGoodsBody = z.object({ ...goodsFields, onShelf: flag('上架状态').default(false) });
export const updateGoodsBody = z.object({ goodsId: intId('商品编号'), ...goodsFields });
export type GoodsInput = z.output<typeof createGoodsBody>;
export type GoodsUpdateInput = z.output<typeof updateGoodsBody>;
export type SkuInput = GoodsInput['skus'][number];
export type DetailInput = GoodsInput['detail'][number];

const ROWS: Record<string, string> = {
  skus: 'SKU 第 %d 行',
  images: '第 %d 张商品图片',
  params: '参数第 %d 项',
  detail: '详情第 %d 段',
  specs: '第 %d 个规格',
  goodsIds: '第 %d 个商品',
};

/** Parses like lib/validation's parse, and names the row of a list a problem is in. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || (issue.code === 'invalid_type' && issue.path.length === 0)) throw badRequest('请求参数格式不正确');
  const [list, index] = issue.path;
  const row =
    typeof list === 'string' && typeof index === 'number' && ROWS[list]
      ? ROWS[list].replace('%d', String(index + 1))
      : null;
  throw badRequest(row ? `${row}：${issue.message}` : issue.message);
}

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/**
 * The spec dimensions and the SKU grid agree: names and values distinct, every SKU names exactly
 * the dimensions with one of their values, no combination twice, codes distinct. With no
 * dimensions there is exactly one SKU without specs. Returns the first problem, or null.
 */
export function gridProblem(specs: GoodsInput['specs'], skus: Pick<SkuInput, 'specs' | 'code'>[]): string | null {
  const names = new Set<string>();
  for (const dim of specs) {
    if (names.has(fold(dim.name))) return `规格名「${dim.name}」重复`;
    names.add(fold(dim.name));
    const values = new Set<string>();
    for (const v of dim.values) {
      if (values.has(fold(v))) return `规格「${dim.name}」的规格值「${v}」重复`;
      values.add(fold(v));
    }
  }
  if (!specs.length && skus.length > 1) return '没有规格时只能有 1 个 SKU，请先添加规格';
  const combos = new Set<string>();
  const codes = new Set<string>();
  for (const [i, sku] of skus.entries()) {
    const row = `SKU 第 ${i + 1} 行`;
    const keys = Object.keys(sku.specs);
    if (keys.length !== specs.length || specs.some((d) => !(d.name in sku.specs))) {
      return specs.length
        ? `${row}：请为每个规格（${specs.map((d) => d.name).join('、')}）选择规格值`
        : `${row}：没有规格时不能填写规格值`;
    }
    for (const dim of specs) {
      if (!dim.values.includes(sku.specs[dim.name]!))
        return `${row}：规格「${dim.name}」没有规格值「${sku.specs[dim.name]}」`;
    }
    const combo = JSON.stringify(specs.map((d) => sku.specs[d.name]));
    if (combos.has(combo)) return `${row}：规格组合「${specs.map((d) => sku.specs[d.name]).join(' / ')}」重复`;
    combos.add(combo);
    if (sku.code) {
      if (codes.has(sku.code.toLowerCase())) return `${row}：SKU 编码「${sku.code}」重复`;
      codes.add(sku.code.toLowerCase());
    }
  }
  return null;
}

/** The goods-wide rules zod cannot say field by field. */
export function goodsProblem(input: Pick<GoodsInput, 'specs' | 'skus' | 'images' | 'params'>): string | null {
  const grid = gridProblem(input.specs, input.skus);
  if (grid) return grid;
  for (const [i, sku] of input.skus.entries()) {
    if (sku.marketPrice > 0 && sku.marketPrice < sku.price)
      return `SKU 第 ${i + 1} 行：市场价不能低于售价（不设市场价请填 0）`;
  }
  if (new Set(input.images).size !== input.images.length) return '商品图片重复';
  const paramNames = new Set<string>();
  for (const p of input.params) {
    if (paramNames.has(fold(p.name))) return `参数「${p.name}」重复`;
    paramNames.add(fold(p.name));
  }
  return null;
}

export const STOCK_STATES = ['inStock', 'low', 'soldOut'] as const;
export const GOODS_SORTS = ['newest', 'updated', 'sales', 'priceAsc', 'priceDesc', 'stockAsc'] as const;

export const goodsPageQuery = z.object({
  keyword: optional(text('关键词', { max: 50 })),
  categoryId: optional(intId('分类')),
  brandId: optional(intId('品牌')),
  shelf: optional(enumOf('上架状态', ['on', 'off'])),
  stock: optional(enumOf('库存状态', STOCK_STATES)),
  crossBorder: optional(flag('跨境商品')),
  sort: optional(enumOf('排序方式', GOODS_SORTS)),
  ...pageQuery,
});
export type GoodsPageQuery = z.output<typeof goodsPageQuery>;

export const goodsIdQuery = z.object({ goodsId: intId('商品编号') });
export const shelfBody = z.object({ goodsId: intId('商品编号'), onShelf: flag('上架状态') });
export const shelfBatchBody = z.object({
  goodsIds: z
    .array(intId('商品编号'), { error: (i) => (i.input === undefined ? '请选择商品' : '商品编号格式不正确') })
    .min(1, '请选择商品')
    .max(100, '一次最多操作 100 件商品'),
  onShelf: flag('上架状态'),
});

export const categorySaveBody = z.object({
  id: optional(intId('分类编号')),
  parentId: z.preprocess((v) => (v === '' || v === 0 ? null : v), intId('上级分类').nullable().optional()),
  name: line('分类名称', 1, 20),
  sort: int('排序', { min: 0, max: 9999 }).default(0),
});
export const idBody = (label: string) => z.object({ id: intId(label) });

export const brandListQuery = z.object({ keyword: optional(text('关键词', { max: 50 })), ...pageQuery });
export const brandSaveBody = z.object({
  id: optional(intId('品牌编号')),
  name: line('品牌名称', 1, 30),
  alias: z.preprocess((v) => (v === '' ? null : v), line('英文名', 1, 50).nullable().optional()),
  logo: z.preprocess((v) => (v === '' ? null : v), imageRef('品牌标志').nullable().optional()),
  sort: int('排序', { min: 0, max: 9999 }).default(0),
});

/* ---- 商品审核 ---- */

export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'ALL'] as const;
export const reviewPageQuery = z.object({
  status: optional(enumOf('审核状态', REVIEW_STATUSES)),
  keyword: optional(text('关键词', { max: 50 })),
  ...pageQuery,
});
export const reviewApproveBody = z.object({ goodsId: intId('商品编号') });
export const reviewRejectBody = z.object({
  goodsId: intId('商品编号'),
  reason: text('驳回原因', { min: 1, max: 200 }).refine(
    (v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v),
    '驳回原因含有不允许的字符',
  ),
});
