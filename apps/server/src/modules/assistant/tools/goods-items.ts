import type { AppContext } from '../../../lib/context.ts';
import { timeDiscountPrices } from '../../activities/index.ts';
import { findTradeSkus } from '../../inventory/index.ts';
import { goodsDetail, goodsSummaries, type GoodsSummary } from '../../catalog/catalog.service.ts';
import type { GoodsCardItem } from '../cards.ts';

/** Goods as the assistant's cards and answers show them, read fresh from the catalogue each turn. */

export const goodsItemOf = (g: GoodsSummary, activityPriceFen?: number): GoodsCardItem => ({
  goodsId: g.id,
  name: g.name,
  image: g.image ?? '',
  priceFen: g.price,
  marketPriceFen: g.marketPrice,
  ...(activityPriceFen !== undefined && activityPriceFen < g.price ? { activityPriceFen } : {}),
  stock: g.stock,
  sales: g.sales,
});

/** On-shelf goods by id, in the order given (ids not found or off shelf are left out). */
export async function goodsItems(ctx: AppContext, ids: number[]): Promise<GoodsCardItem[]> {
  const found = await goodsSummaries(ctx, ids);
  return ids.flatMap((id) => {
    const g = found.get(id);
    return g && g.onShelf ? [goodsItemOf(g)] : [];
  });
}

export type GoodsDetail = Awaited<ReturnType<typeof goodsDetail>>;

export interface SkuFacts {
  skuId: number;
  specText: string;
  priceFen: number;
  /** A running 限时折扣's price, as the cart would charge it. */
  activityPriceFen?: number;
  stock: number;
}

/** A goods' detail with each SKU's price, running discount and stock; null when missing or off shelf. */
export async function goodsFacts(ctx: AppContext, goodsId: number) {
  let detail: GoodsDetail;
  try {
    detail = await goodsDetail(ctx, goodsId);
  } catch {
    return null;
  }
  const [discounts, tradeSkus] = await Promise.all([
    timeDiscountPrices(
      ctx.db,
      detail.skus.map((s) => ({ skuId: s.id, priceFen: s.price })),
    ),
    // the SKU's words as the cart and the order show them (颜色：黑色；尺码：L)
    findTradeSkus(
      ctx.db,
      detail.skus.map((s) => s.id),
    ),
  ]);
  const skus: SkuFacts[] = detail.skus.map((s) => {
    const discount = discounts.get(s.id)?.priceFen;
    return {
      skuId: s.id,
      specText: tradeSkus.get(s.id)?.specText ?? '',
      priceFen: s.price,
      ...(discount !== undefined && discount < s.price ? { activityPriceFen: discount } : {}),
      stock: s.stock,
    };
  });
  const activityPrices = skus.flatMap((s) => (s.activityPriceFen === undefined ? [] : [s.activityPriceFen]));
  const item: GoodsCardItem = {
    goodsId: detail.id,
    name: detail.name,
    image: detail.images[0] ?? '',
    priceFen: detail.price,
    marketPriceFen: detail.marketPrice,
    ...(activityPrices.length ? { activityPriceFen: Math.min(...activityPrices) } : {}),
    stock: detail.stock,
    sales: detail.sales,
  };
  return { detail, skus, item };
}

/** Plain text of a goods' description blocks, cut short: data for the answer, never instructions. */
export function plainText(blocks: unknown, max = 200): string {
  const list = Array.isArray(blocks) ? (blocks as Record<string, unknown>[]) : [];
  const text = list
    .map((b) => (typeof b.text === 'string' ? b.text : Array.isArray(b.items) ? b.items.map(String).join('；') : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...text].slice(0, max).join('');
}
