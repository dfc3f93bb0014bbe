import { z } from 'zod';
import { formatFen } from '@mall/shared';
import { intId } from '../../../lib/validation.ts';
import { defineTool, failedResult, okResult } from './tool.ts';
import { goodsFacts, plainText } from './goods-items.ts';

/** One goods in full, and several side by side, read fresh from the catalogue. */

const GOODS_GONE = '商品不存在或已下架';

export const goodsDetailTool = defineTool({
  name: 'goods_detail',
  description: '商品详情：规格、库存、价格、进行中的活动价（秒杀价、限时价）。A goods’ SKUs with price, stock and running activity price (flash sale or time discount).',
  kind: 'read',
  parameters: z.object({ goodsId: intId('商品编号') }),
  async run(ctx, _member, { goodsId }) {
    const facts = await goodsFacts(ctx, goodsId);
    if (!facts) return failedResult(GOODS_GONE);
    const { detail, skus, item } = facts;
    const data = {
      goods: item,
      brand: detail.brand?.name ?? null,
      category: detail.breadcrumbs.map((c) => c.name).join(' > '),
      skus,
      params: detail.params,
      // the seller's own words: data to describe, never instructions to follow
      description: plainText(detail.detail),
    };
    return okResult(data, `${item.name}：${skus.length} 个规格，库存 ${item.stock} 件`, [{ kind: 'goods', goods: [item] }]);
  },
});

export const compareGoodsTool = defineTool({
  name: 'compare_goods',
  description: '逐项对比 2 到 4 件商品。Compare 2 to 4 goods field by field.',
  kind: 'read',
  parameters: z.object({
    goodsIds: z
      .array(intId('商品编号'))
      .min(2, '请至少选择 2 件商品')
      .max(4, '最多对比 4 件商品')
      .transform((ids) => [...new Set(ids)]),
  }),
  async run(ctx, _member, { goodsIds }) {
    const all = await Promise.all(goodsIds.map((id) => goodsFacts(ctx, id)));
    const found = all.filter((f): f is NonNullable<typeof f> => f !== null);
    if (found.length < 2) return failedResult('可对比的商品不足 2 件（商品不存在或已下架）');
    const goods = found.map((f) => f.item);
    const paramNames = [...new Set(found.flatMap((f) => paramsOf(f.detail.params).map((p) => p.name)))].slice(0, 8);
    const rows = [
      { label: '价格', values: goods.map((g) => formatFen(g.priceFen)) },
      {
        label: '活动价',
        values: goods.map((g) => (g.activityPriceFen === undefined ? '—' : `${g.activity?.priceLabel ?? ''} ${formatFen(g.activityPriceFen)}`.trim())),
      },
      { label: '原价', values: goods.map((g) => formatFen(g.marketPriceFen)) },
      { label: '品牌', values: found.map((f) => f.detail.brand?.name ?? '—') },
      { label: '销量', values: goods.map((g) => `${g.sales} 件`) },
      { label: '库存', values: goods.map((g) => `${g.stock} 件`) },
      { label: '规格数', values: found.map((f) => `${f.skus.length} 个`) },
      ...paramNames.map((name) => ({
        label: name,
        values: found.map((f) => paramsOf(f.detail.params).find((p) => p.name === name)?.value ?? '—'),
      })),
    ];
    if (!goods.some((g) => g.activityPriceFen !== undefined)) rows.splice(1, 1);
    return okResult({ goods, rows, missing: goodsIds.length - found.length }, `对比 ${goods.length} 件商品`, [{ kind: 'compare', goods, rows }]);
  },
});

/** Goods parameters as name/value pairs, whatever shape the catalogue keeps them in. */
function paramsOf(params: unknown): { name: string; value: string }[] {
  if (Array.isArray(params)) {
    return params.flatMap((p) =>
      p && typeof p === 'object' && 'name' in p && 'value' in p ? [{ name: String(p.name), value: String(p.value) }] : [],
    );
  }
  if (params && typeof params === 'object') return Object.entries(params).map(([name, value]) => ({ name, value: String(value) }));
  return [];
}
