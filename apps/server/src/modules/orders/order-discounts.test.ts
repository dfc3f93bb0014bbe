import { describe, expect, it } from 'vitest';
import { discountParts, lineActivity } from './order-discounts.ts';

const line = (
  activityKind: string | null,
  activityDiscount: number,
  activityId: number | null = activityKind ? 7 : null,
) => ({
  activityId,
  activityKind,
  activityDiscount,
});
const order = (activityDiscount: number, couponDiscount = 0, pointsDiscount = 0) => ({
  activityDiscount,
  couponDiscount,
  pointsDiscount,
});

describe('an order’s discounts by kind', () => {
  it.each([
    ['nothing off', order(0), [line(null, 0)], []],
    ['a 秒杀 line', order(4000), [line('FLASH_SALE', 4000)], [['FLASH_SALE', '秒杀优惠', 4000]]],
    [
      'a 秒杀 line with a coupon and points',
      order(4000, 500, 300),
      [line('FLASH_SALE', 4000)],
      [
        ['FLASH_SALE', '秒杀优惠', 4000],
        ['COUPON', '优惠券', 500],
        ['POINTS', '积分抵扣', 300],
      ],
    ],
    [
      'two 限时折扣 lines and a usual one',
      order(3000, 1000),
      [line('TIME_DISCOUNT', 1000), line('TIME_DISCOUNT', 2000), line(null, 0)],
      [
        ['TIME_DISCOUNT', '限时折扣', 3000],
        ['COUPON', '优惠券', 1000],
      ],
    ],
    [
      'an order placed before lines kept their activity',
      order(1500, 200),
      [line(null, 0)],
      [
        ['ACTIVITY', '活动优惠', 1500],
        ['COUPON', '优惠券', 200],
      ],
    ],
    ['a points-only redemption', order(0, 0, 10900), [line(null, 0)], [['POINTS', '积分抵扣', 10900]]],
  ])('%s', (_, o, lines, want) => {
    const parts = discountParts(o, lines);
    expect(parts.map((p) => [p.kind, p.name, p.amount])).toEqual(want);
    expect(parts.reduce((a, p) => a + p.amount, 0)).toBe(o.activityDiscount + o.couponDiscount + o.pointsDiscount);
  });

  it('tags a line with its activity, and none for a line without one or of an unknown kind', () => {
    expect(lineActivity(line('FLASH_SALE', 4000))).toEqual({
      id: 7,
      kind: 'FLASH_SALE',
      kindText: '秒杀',
      discount: 4000,
    });
    expect(lineActivity(line('TIME_DISCOUNT', 150))).toMatchObject({ kind: 'TIME_DISCOUNT', kindText: '限时折扣' });
    expect(lineActivity(line(null, 0))).toBeNull();
    expect(lineActivity(line('GROUP_BUY', 10, 3))).toBeNull();
  });
});
