import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CouponGoodsInfo } from '@mall/shared';
import { couponSearchQuery, readCouponGoodsParams, writeCouponGoodsParams } from './CouponGoodsQuery.ts';

type Scope = CouponGoodsInfo['scope'];
const ALL: Scope = { type: 'ALL', categories: [], goodsIds: [] };
const CATS: Scope = { type: 'CATEGORIES', categories: [{ id: 3, name: '手机' }, { id: 9, name: '家电' }], goodsIds: [] };
const GOODS: Scope = { type: 'GOODS', categories: [], goodsIds: [5, 8, 13] };

const read = (qs: string, scope: Scope) => readCouponGoodsParams(new URLSearchParams(qs), scope);

describe('the search call of /couponGoodsList', () => {
  it.each([
    ['all goods', ALL, 'sort=priceAsc&min=10&max=99.9&page=2', { sort: 'priceAsc', minPrice: 1000, maxPrice: 9990, pageNum: 2, keyword: '' }],
    ['the categories', CATS, '', { categoryIds: [3, 9], categoryId: undefined }],
    ['one of the categories', CATS, 'categoryId=9', { categoryIds: [3, 9], categoryId: 9 }],
    ['a category outside the scope is dropped', CATS, 'categoryId=4', { categoryIds: [3, 9], categoryId: undefined }],
    ['the named goods', GOODS, 'sort=sales', { goodsIds: [5, 8, 13], sort: 'sales', categoryId: undefined }],
    ['a category on a named-goods coupon is dropped', GOODS, 'categoryId=3', { goodsIds: [5, 8, 13], categoryId: undefined }],
    ['a keyword or brands in the address are not this page’s', ALL, 'keyword=手机&brand=2', { keyword: '', brandIds: undefined }],
    ['a reversed range is put right', ALL, 'min=500&max=5', { minPrice: 500, maxPrice: 50000 }],
  ] as const)('%s', (_, scope, qs, expected) => {
    expect(couponSearchQuery(scope, read(qs, scope))).toMatchObject(expected);
  });

  it('asks nothing when the scope names nothing', () => {
    expect(couponSearchQuery({ type: 'GOODS', categories: [], goodsIds: [] }, read('', ALL))).toBeNull();
    expect(couponSearchQuery({ type: 'CATEGORIES', categories: [], goodsIds: [] }, read('', ALL))).toBeNull();
  });

  it('keeps the coupon in the address and round-trips the filters', () => {
    const p = read('categoryId=3&min=1.5&max=20&sort=priceDesc&page=3', CATS);
    const qs = writeCouponGoodsParams('abc_1', p);
    expect(qs.get('couponId')).toBe('abc_1');
    expect(read(qs.toString(), CATS)).toEqual(p);
  });

  it('property: only the scope is asked for, with a price range in whole fen, low to high', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2_000_000_000 }), { minLength: 1, maxLength: 100 }),
        fc.option(fc.integer({ min: 0, max: 9_999_999 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 9_999_999 }), { nil: null }),
        (ids, minFen, maxFen) => {
          const qs = new URLSearchParams();
          if (minFen !== null) qs.set('min', (minFen / 100).toFixed(2));
          if (maxFen !== null) qs.set('max', (maxFen / 100).toFixed(2));
          const scope: Scope = { type: 'GOODS', categories: [], goodsIds: ids };
          const q = couponSearchQuery(scope, read(qs.toString(), scope))!;
          expect(q.goodsIds).toEqual(ids);
          expect(q.categoryIds).toBeUndefined();
          for (const v of [q.minPrice, q.maxPrice]) if (v !== undefined) expect(Number.isInteger(v) && v >= 0).toBe(true);
          if (q.minPrice !== undefined && q.maxPrice !== undefined) expect(q.minPrice).toBeLessThanOrEqual(q.maxPrice);
          const given = [minFen, maxFen].filter((v): v is number => v !== null).sort((a, b) => a - b);
          expect([q.minPrice, q.maxPrice].filter((v) => v !== undefined)).toEqual(given);
        },
      ),
    );
  });
});
