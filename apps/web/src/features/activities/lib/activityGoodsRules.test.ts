import { describe, expect, it } from 'vitest';
import { actionOf, checkoutHref, maxQuantity } from './activityGoodsRules.ts';

describe('the activity goods page', () => {
  it.each([
    // stock left, limit, member left → most
    [10, 0, null, 10],
    [10, 3, null, 3], // signed out: the limit
    [10, 3, 1, 1],
    [2, 3, 3, 2],
    [0, 3, 3, 0],
    [null, 0, null, 999], // a 限时折扣: no units of its own
    [5000, 0, null, 999],
    [10, 3, 0, 0],
  ])('stock %s, limit %s, member left %s → at most %s', (stockLeft, perMemberLimit, memberLeft, most) => {
    expect(maxQuantity({ stockLeft, perMemberLimit, memberLeft })).toBe(most);
  });

  const base = { kind: 'FLASH_SALE' as const, stockLeft: 5, perMemberLimit: 2, memberLeft: 2 };
  it.each([
    [{ phase: 'UPCOMING' }, false, '提醒我'],
    [{ phase: 'UPCOMING' }, true, '已设置提醒'],
    [{ phase: 'RUNNING' }, false, '立即抢购'],
    [{ phase: 'RUNNING', kind: 'TIME_DISCOUNT', stockLeft: null }, false, '立即购买'],
    [{ phase: 'RUNNING', memberLeft: 0 }, false, '已达限购数量'],
    [{ phase: 'RUNNING', stockLeft: 0 }, false, '已抢光'],
    [{ phase: 'SOLD_OUT', stockLeft: 0 }, true, '已抢光'],
    [{ phase: 'ENDED' }, true, '已结束'],
  ] as const)('%o reminded=%s → %s', (over, reminded, label) => {
    expect(actionOf({ ...base, ...over } as Parameters<typeof actionOf>[0], reminded).label).toBe(label);
  });

  it('sends a 秒杀 to the checkout with its activity, a 限时折扣 without', () => {
    expect(checkoutHref({ kind: 'FLASH_SALE', activityId: 7, skuId: 31 }, 2)).toBe('/checkout?skuId=31&quantity=2&activityId=7');
    expect(checkoutHref({ kind: 'TIME_DISCOUNT', activityId: 7, skuId: 31 }, 1)).toBe('/checkout?skuId=31&quantity=1');
  });
});
