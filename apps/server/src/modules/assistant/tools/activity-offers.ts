import { ACTIVITY_PRICE_LABELS } from '@mall/shared';
import type { AppContext } from '../../../lib/context.ts';
import { runningActivitiesForGoods } from '../../activities/index.ts';
import type { GoodsActivity } from '../cards.ts';

/**
 * The activity prices running now on goods, as the goods page's banner reads them (秒杀 with units
 * left, 限时折扣): the assistant quotes them beside the usual prices and says which activity each is.
 */

export interface ActivityOffer {
  priceFen: number;
  activity: GoodsActivity;
}

export interface RunningOffers {
  /** The lowest running activity price of each SKU. */
  bySku: Map<number, ActivityOffer>;
  /** The lowest of each goods, over its SKUs. */
  byGoods: Map<number, ActivityOffer>;
  /** Each SKU's running 限时折扣 price: what the cart charges (a 秒杀 is bought on its own page). */
  cartPriceBySku: Map<number, number>;
}

const lower = (map: Map<number, ActivityOffer>, key: number, offer: ActivityOffer) => {
  const known = map.get(key);
  if (!known || offer.priceFen < known.priceFen) map.set(key, offer);
};

export async function runningOffers(ctx: AppContext, goodsIds: number[]): Promise<RunningOffers> {
  const found = await runningActivitiesForGoods(ctx, goodsIds);
  const offers: RunningOffers = { bySku: new Map(), byGoods: new Map(), cartPriceBySku: new Map() };
  for (const c of found) {
    const activity = { kind: c.kind, priceLabel: ACTIVITY_PRICE_LABELS[c.kind], activityId: c.activityId, skuId: c.skuId };
    const offer = { priceFen: c.activityPriceFen, activity };
    lower(offers.bySku, c.skuId, offer);
    lower(offers.byGoods, c.goodsId, offer);
    if (c.kind === 'TIME_DISCOUNT') {
      const known = offers.cartPriceBySku.get(c.skuId);
      if (known === undefined || c.activityPriceFen < known) offers.cartPriceBySku.set(c.skuId, c.activityPriceFen);
    }
  }
  return offers;
}

/** An offer's fields on a card or a SKU, when it is below the usual price. */
export const offerFields = (offer: ActivityOffer | undefined, usualFen: number) =>
  offer && offer.priceFen < usualFen ? { activityPriceFen: offer.priceFen, activity: offer.activity } : {};
