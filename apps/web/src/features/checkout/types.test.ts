import { describe, expect, it } from 'vitest';
import { sourceFromQuery } from './types.ts';

describe('checkout source from the query', () => {
  it('reads comma-separated and repeated cart line ids, once each', () => {
    expect(sourceFromQuery(new URLSearchParams('cartItemIds=a,b&cartItemIds=b&cartItemIds=c'))).toEqual({ cartItemIds: ['a', 'b', 'c'] });
  });

  it('reads buy-now from skuId and quantity (quantity defaults to 1)', () => {
    expect(sourceFromQuery(new URLSearchParams('skuId=12&quantity=3'))).toEqual({ buyNow: { skuId: 12, quantity: 3 } });
    expect(sourceFromQuery(new URLSearchParams('skuId=12'))).toEqual({ buyNow: { skuId: 12, quantity: 1 } });
  });

  it('reads 立即抢购 of a 秒杀 with its activityId; a bad one is not bought at the usual price instead', () => {
    expect(sourceFromQuery(new URLSearchParams('skuId=12&quantity=2&activityId=7'))).toEqual({ buyNow: { skuId: 12, quantity: 2, activityId: 7 } });
    expect(sourceFromQuery(new URLSearchParams('skuId=12&activityId=x'))).toBeUndefined();
    expect(sourceFromQuery(new URLSearchParams('skuId=12&activityId=0'))).toBeUndefined();
  });

  it('reads a points-mall redemption from mallId and quantity (quantity defaults to 1)', () => {
    expect(sourceFromQuery(new URLSearchParams('mallId=5&quantity=2'))).toEqual({ pointsMall: { id: 5, quantity: 2 } });
    expect(sourceFromQuery(new URLSearchParams('mallId=5'))).toEqual({ pointsMall: { id: 5, quantity: 1 } });
  });

  it('a bad mallId is not read as something else to buy', () => {
    expect(sourceFromQuery(new URLSearchParams('mallId=abc&skuId=3'))).toBeUndefined();
    expect(sourceFromQuery(new URLSearchParams('mallId=0'))).toBeUndefined();
    expect(sourceFromQuery(new URLSearchParams('mallId=5&quantity=-1'))).toBeUndefined();
    expect(sourceFromQuery(new URLSearchParams('mallId=5&quantity=2.5'))).toBeUndefined();
  });

  it('refuses what cannot be bought', () => {
    expect(sourceFromQuery(new URLSearchParams(''))).toBeUndefined();
    expect(sourceFromQuery(new URLSearchParams('skuId=abc'))).toBeUndefined();
    expect(sourceFromQuery(new URLSearchParams('skuId=3&quantity=0'))).toBeUndefined();
    expect(sourceFromQuery(new URLSearchParams('skuId=3&quantity=1.5'))).toBeUndefined();
  });
});
