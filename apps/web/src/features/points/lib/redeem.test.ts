import { describe, expect, it } from 'vitest';
import { clampRedeemQuantity, maxRedeemQuantity, redeemCheckoutPath, redeemState } from './redeem.ts';

const goods = { id: 7, pointsPrice: 500, stock: 10, perMemberLimit: 2, soldOut: false, unavailable: null };

describe('redeeming a points-mall goods', () => {
  it.each([
    [10, 2, 2],
    [1, 2, 1],
    [10, 0, 10],
    [0, 3, 0],
    [-1, 0, 0],
  ])('stock %i and limit %i allow %i at once', (stock, perMemberLimit, max) => {
    expect(maxRedeemQuantity({ stock, perMemberLimit })).toBe(max);
  });

  it('holds the picked quantity within 1 and the most redeemable', () => {
    expect(clampRedeemQuantity(goods, 5)).toBe(2);
    expect(clampRedeemQuantity(goods, 0)).toBe(1);
    expect(clampRedeemQuantity(goods, null)).toBe(1);
    expect(clampRedeemQuantity(goods, 1.7)).toBe(1);
    expect(clampRedeemQuantity({ stock: 0, perMemberLimit: 0 }, 3)).toBe(1);
  });

  it('offers 立即兑换 with enough points, or when signed out (the tap asks to sign in)', () => {
    expect(redeemState(goods, 2, 1000)).toEqual({ label: '立即兑换', disabled: false, short: 0 });
    expect(redeemState(goods, 2, undefined)).toEqual({ label: '立即兑换', disabled: false, short: 0 });
  });

  it('says 积分不足 and how many points are missing for the quantity', () => {
    expect(redeemState(goods, 2, 600)).toEqual({ label: '积分不足', disabled: true, short: 400 });
    expect(redeemState(goods, 1, 0)).toEqual({ label: '积分不足', disabled: true, short: 500 });
  });

  it('says 已兑完 or 已下架 first', () => {
    expect(redeemState({ ...goods, stock: 0, soldOut: true, unavailable: '该积分商品已兑完' }, 1, 0).label).toBe('已兑完');
    expect(redeemState({ ...goods, unavailable: '该积分商品已下架' }, 1, 9999)).toEqual({ label: '已下架', disabled: true, short: 0 });
  });

  it('goes to the checkout with the goods and the quantity', () => {
    expect(redeemCheckoutPath(7, 2)).toBe('/checkout?mallId=7&quantity=2');
  });
});
