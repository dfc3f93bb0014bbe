import { describe, expect, it } from 'vitest';
import type { ClaimableCoupon } from '@mall/shared';
import { HOME_COUPONS, pickHomeCoupons } from './CouponHomeStrip.tsx';

const coupon = (templateId: number, state: ClaimableCoupon['state']) => ({ templateId, state, name: `券${templateId}` }) as ClaimableCoupon;

describe('the home’s 领券中心 strip', () => {
  it.each([
    ['nothing on offer: nothing shown', [], []],
    ['only claimed or sold out: nothing shown', [coupon(1, 'CLAIMED'), coupon(2, 'SOLD_OUT')], []],
    ['the claimable ones in the centre’s order', [coupon(1, 'CLAIMED'), coupon(2, 'CLAIMABLE'), coupon(3, 'CLAIMABLE')], [2, 3]],
    ['at most four', [1, 2, 3, 4, 5, 6].map((id) => coupon(id, 'CLAIMABLE')), [1, 2, 3, 4]],
  ])('%s', (_, list, ids) => {
    expect(pickHomeCoupons(list, null).map((c) => c.templateId)).toEqual(ids);
    expect(ids.length).toBeLessThanOrEqual(HOME_COUPONS);
  });

  it('keeps the first pick in place: a claimed one stays (as 已领取), a gone one leaves, none is swapped in', () => {
    const later = [coupon(1, 'CLAIMED'), coupon(2, 'CLAIMABLE'), coupon(5, 'CLAIMABLE')];
    const shown = pickHomeCoupons(later, [1, 2, 3]);
    expect(shown.map((c) => [c.templateId, c.state])).toEqual([
      [1, 'CLAIMED'],
      [2, 'CLAIMABLE'],
    ]);
  });
});
