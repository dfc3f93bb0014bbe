import { describe, expect, it } from 'vitest';
import { quoteBody } from './quoteCheckout.ts';
import { submitBody } from './submitCheckout.ts';

describe('what the checkout sends', () => {
  it('a usual quote carries the coupon choice and the points to spend, none when 0', () => {
    expect(quoteBody({ cartItemIds: ['a'] }, { addressId: 'x', couponId: 'c1', points: 1500 })).toEqual({
      cartItemIds: ['a'],
      addressId: 'x',
      couponId: 'c1',
      points: 1500,
    });
    expect(quoteBody({ buyNow: { skuId: 3, quantity: 1 } }, { couponId: null, points: 0 })).toEqual({
      buyNow: { skuId: 3, quantity: 1 },
      addressId: undefined,
      couponId: null,
      points: undefined,
    });
  });

  it('a redemption sends neither a coupon nor 积分抵扣', () => {
    expect(quoteBody({ pointsMall: { id: 4, quantity: 2 } }, { addressId: 'x', couponId: 'c1', points: 100 })).toEqual({
      pointsMall: { id: 4, quantity: 2 },
      addressId: 'x',
    });
    expect(
      submitBody({ source: { pointsMall: { id: 4, quantity: 2 } }, addressId: 'x', couponId: null, points: 1000, idempotencyKey: 'k' }),
    ).toEqual({ pointsMall: { id: 4, quantity: 2 }, addressId: 'x', idempotencyKey: 'k' });
  });

  it('a usual submit sends the coupon and points the quote applied', () => {
    expect(submitBody({ source: { cartItemIds: ['a'] }, addressId: 'x', couponId: 'c1', points: 700, idempotencyKey: 'k' })).toEqual({
      cartItemIds: ['a'],
      addressId: 'x',
      couponId: 'c1',
      points: 700,
      idempotencyKey: 'k',
    });
    expect(submitBody({ source: { cartItemIds: ['a'] }, addressId: 'x', couponId: null, points: 0, idempotencyKey: 'k' })).toEqual({
      cartItemIds: ['a'],
      addressId: 'x',
      couponId: null,
      points: undefined,
      idempotencyKey: 'k',
    });
  });
});
