import { describe, expect, it } from 'vitest';
import type { ActivityGoodsCard } from '@mall/shared';
import { bannerCard, discountedPrice } from './ActivityGoodsBanner.tsx';

const card = (over: Partial<ActivityGoodsCard>): ActivityGoodsCard => ({
  activityId: 1,
  kind: 'FLASH_SALE',
  kindText: '秒杀',
  title: '场',
  skuId: 10,
  goodsId: 5,
  goodsName: '商品',
  specText: '',
  image: null,
  usualPriceFen: 5900,
  activityPriceFen: 990,
  startsAt: '2026-11-26T02:00:00.000Z',
  endsAt: '2026-11-26T04:00:00.000Z',
  phase: 'RUNNING',
  phaseText: '进行中',
  soldPercent: 0,
  stockLeft: 5,
  perMemberLimit: 0,
  ...over,
});

describe('the goods page’s banner', () => {
  it('shows the chosen SKU’s activity, else the first running one before an upcoming one; never an ended one', () => {
    const upcoming = card({ activityId: 2, skuId: 11, phase: 'UPCOMING' });
    const running = card({ activityId: 3, skuId: 12 });
    const ended = card({ activityId: 4, skuId: 13, phase: 'ENDED' });
    expect(bannerCard([upcoming, running], undefined)?.activityId).toBe(3);
    expect(bannerCard([upcoming, running], 11)?.activityId).toBe(2);
    expect(bannerCard([upcoming, running], 99)?.activityId).toBe(3);
    expect(bannerCard([ended], undefined)).toBeUndefined();
    expect(bannerCard([], 10)).toBeUndefined();
  });
});

describe('the price a goods page shows under a 限时折扣', () => {
  const d1 = card({ kind: 'TIME_DISCOUNT', kindText: '限时折扣', skuId: 10, usualPriceFen: 10000, activityPriceFen: 8500, stockLeft: null, soldPercent: null });
  const d2 = card({ kind: 'TIME_DISCOUNT', kindText: '限时折扣', skuId: 11, usualPriceFen: 12000, activityPriceFen: 7000, stockLeft: null, soldPercent: null });
  it.each([
    // cards, chosen SKU, the page's price → what it shows
    [[d1], 10, 10000, { priceFen: 8500, usualFen: 10000 }],
    [[d1], 11, 12000, null], // another SKU: its own price
    [[d1, d2], undefined, 10000, { priceFen: 7000, usualFen: 10000 }], // none chosen: the lowest
    [[d1], undefined, 8000, null], // the lowest usual price is lower still
    [[card({ skuId: 10 })], 10, 5900, null], // a 秒杀 is bought on its own page
    [[{ ...d1, phase: 'UPCOMING' as const }], 10, 10000, null], // not yet
    [undefined, 10, 10000, null],
  ])('%#', (cards, skuId, fallback, shown) => {
    expect(discountedPrice(cards as ActivityGoodsCard[] | undefined, skuId as number | undefined, fallback as number)).toEqual(shown);
  });
});
