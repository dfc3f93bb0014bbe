import type { AppContext } from '../../../lib/context.ts';
import { findTradeSkus } from '../../inventory/index.ts';
import { goodsDetail, goodsSummaries, type GoodsSummary } from '../../catalog/catalog.service.ts';
import type { GoodsActivity, GoodsCardItem } from '../cards.ts';
import { offerFields, runningOffers, type ActivityOffer } from './activity-offers.ts';

/** Goods as the assistant's cards and answers show them, read fresh from the catalogue each turn. */

export const goodsItemOf = (g: GoodsSummary, offer?: ActivityOffer): GoodsCardItem => ({
  goodsId: g.id,
  name: g.name,
  image: g.image ?? '',
  priceFen: g.price,
  marketPriceFen: g.marketPrice,
  ...offerFields(offer, g.price),
  stock: g.stock,
  sales: g.sales,
});

/** On-shelf goods by id, in the order given (ids not found or off shelf are left out), with their running activity price. */
export async function goodsItems(ctx: AppContext, ids: number[]): Promise<GoodsCardItem[]> {
  const [found, offers] = await Promise.all([goodsSummaries(ctx, ids), runningOffers(ctx, ids)]);
  return ids.flatMap((id) => {
    const g = found.get(id);
    return g && g.onShelf ? [goodsItemOf(g, offers.byGoods.get(id))] : [];
  });
}

export type GoodsDetail = Awaited<ReturnType<typeof goodsDetail>>;

export interface SkuFacts {
  skuId: number;
  specText: string;
  priceFen: number;
  /** A running 秒杀's or 限时折扣's price (below priceFen), and which activity it is. */
  activityPriceFen?: number;
  activity?: GoodsActivity;
  /** What the cart charges: a running 限时折扣's price, else priceFen (a 秒杀 is bought with 立即抢购). */
  cartPriceFen: number;
  stock: number;
}

/** A goods' detail with each SKU's price, running activity price, cart price and stock; null when missing or off shelf. */
export async function goodsFacts(ctx: AppContext, goodsId: number) {
  let detail: GoodsDetail;
  try {
    detail = await goodsDetail(ctx, goodsId);
  } catch {
    return null;
  }
  const [offers, tradeSkus] = await Promise.all([
    runningOffers(ctx, [goodsId]),
    // the SKU's words as the cart and the order show them (颜色：黑色；尺码：L)
    findTradeSkus(
      ctx.db,
      detail.skus.map((s) => s.id),
    ),
  ]);
  const skus: SkuFacts[] = detail.skus.map((s) => ({
    skuId: s.id,
    specText: tradeSkus.get(s.id)?.specText ?? '',
    priceFen: s.price,
    ...offerFields(offers.bySku.get(s.id), s.price),
    cartPriceFen: offers.cartPriceBySku.get(s.id) ?? s.price,
    stock: s.stock,
  }));
  const item: GoodsCardItem = {
    goodsId: detail.id,
    name: detail.name,
    image: detail.images[0] ?? '',
    priceFen: detail.price,
    marketPriceFen: detail.marketPrice,
    ...offerFields(offers.byGoods.get(goodsId), detail.price),
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
