import { describe, expect, it } from 'vitest';
import type { CheckoutPoints } from '@mall/shared';
import { pointsOfferText, pointsRuleText, pointsValueFen, redemptionLimitText, redemptionPriceText } from './points.ts';

const offer = (over: Partial<CheckoutPoints> = {}): CheckoutPoints => ({
  balance: 1234,
  maxUsable: 1234,
  used: 0,
  valueFen: 0,
  fenPer100Points: 100,
  maxDeductPercent: 50,
  hint: null,
  ...over,
});

describe('checkout points', () => {
  it.each([
    [100, 100, 100],
    [1234, 100, 1234],
    [99, 100, 99],
    [150, 50, 75],
    [3, 50, 1],
    [1, 1, 0],
    [0, 100, 0],
    [-5, 100, 0],
  ])('%i points at %i fen per 100 are worth %i fen', (points, rate, fen) => {
    expect(pointsValueFen(points, rate)).toBe(fen);
  });

  it('offers the most usable points with what they take off', () => {
    expect(pointsOfferText(offer())).toBe('可用 1234 积分，本单最多抵扣 ¥12.34');
    expect(pointsOfferText(offer({ maxUsable: 500, fenPer100Points: 50 }))).toBe('可用 500 积分，本单最多抵扣 ¥2.50');
  });

  it('says why points cannot be used, with the balance', () => {
    expect(pointsOfferText(offer({ balance: 0, maxUsable: 0, hint: '暂无可用积分' }))).toBe('共 0 积分，暂无可用积分');
    expect(pointsOfferText(offer({ maxUsable: 0, hint: '积分商品不能再使用积分抵扣' }))).toBe('共 1234 积分，积分商品不能再使用积分抵扣');
    expect(pointsOfferText(offer({ maxUsable: 0 }))).toBe('共 1234 积分，本单不可使用积分抵扣');
  });

  it('says the rate and the cap', () => {
    expect(pointsRuleText({ fenPer100Points: 100, maxDeductPercent: 50 })).toBe('100 积分抵 ¥1.00，最多抵扣商品金额的 50%');
  });

  it('reads a redemption price and limit', () => {
    expect(redemptionPriceText({ pointsPrice: 800, cashFen: 990 })).toBe('800 积分 + ¥9.90');
    expect(redemptionPriceText({ pointsPrice: 1200, cashFen: 0 })).toBe('1200 积分');
    expect(redemptionLimitText({ perMemberLimit: 0, remaining: null })).toBeNull();
    expect(redemptionLimitText({ perMemberLimit: 2, remaining: 1 })).toBe('每人限兑 2 件，还可兑 1 件');
    expect(redemptionLimitText({ perMemberLimit: 2, remaining: null })).toBe('每人限兑 2 件');
  });
});
