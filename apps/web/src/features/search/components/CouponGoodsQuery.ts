import type { CouponGoodsInfo } from '@mall/shared';
import { readListParams, toSearchQuery, writeListParams, type ListParams } from '../lib/listParams.ts';
import type { SearchQuery } from '../types.ts';

/** The search call narrowed to a coupon's scope (the server takes up to 100 of each, as a scope names). */
export type CouponSearchQuery = SearchQuery & { goodsIds?: number[]; categoryIds?: number[] };

/**
 * What /couponGoodsList?couponId= keeps in its address besides the coupon: one of the scope's categories,
 * the price range in yuan, the sort and the page (the /goodsList names: categoryId, min, max, sort, page).
 * A category outside the coupon's scope, a keyword or brands are not this page's and are dropped.
 */
export function readCouponGoodsParams(search: URLSearchParams, scope: CouponGoodsInfo['scope']): ListParams {
  const p = readListParams(search);
  const inScope = scope.type === 'CATEGORIES' && p.categoryId !== null && scope.categories.some((c) => c.id === p.categoryId);
  return { ...p, keyword: '', brandIds: [], categoryId: inScope ? p.categoryId : null };
}

/** The address for these filters, keeping the coupon. */
export function writeCouponGoodsParams(couponId: string, p: ListParams): URLSearchParams {
  const out = writeListParams({ ...p, keyword: '', brandIds: [] });
  out.set('couponId', couponId);
  return out;
}

/**
 * The one search call that lists a coupon's goods: all goods, the goods under its categories (or the
 * one chosen of them) or its named goods, with the buyer's sort, price range and page. null when the
 * scope names nothing (there is nothing to ask for).
 */
export function couponSearchQuery(scope: CouponGoodsInfo['scope'], p: ListParams): CouponSearchQuery | null {
  const base: CouponSearchQuery = toSearchQuery({ ...p, keyword: '', brandIds: [] });
  if (scope.type === 'GOODS') {
    if (!scope.goodsIds.length) return null;
    return { ...base, categoryId: undefined, goodsIds: [...scope.goodsIds] };
  }
  if (scope.type === 'CATEGORIES') {
    if (!scope.categories.length) return null;
    return { ...base, categoryIds: scope.categories.map((c) => c.id) };
  }
  return { ...base, categoryId: undefined };
}
