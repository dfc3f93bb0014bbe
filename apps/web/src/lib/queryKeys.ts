/**
 * Query keys of the server data that more than one feature reads or refreshes. A feature's own
 * queries take their keys from features/<name>/api/<name>Keys.ts. Each key starts with its area
 * (trade, member, engagement, site), and no factory's prefix contains another factory's keys, so
 * invalidating one never refreshes another feature's data by accident.
 */

/** The member's orders: written by orders; refreshed by after-sales, payment and checkout. */
export const orderKeys = {
  all: ['trade', 'orders'] as const,
  page: (q: object) => ['trade', 'orders', 'page', q] as const,
  detail: (orderNo: string) => ['trade', 'orders', 'detail', orderNo] as const,
};

/** The cart page and the header's count: refreshed by the catalogue's add, checkout and 再次购买. */
export const cartKeys = {
  all: ['trade', 'cart'] as const,
  list: ['trade', 'cart', 'list'] as const,
  count: ['trade', 'cart', 'count'] as const,
};

/** 实名信息: kept by the member area, chosen from at checkout. */
export const realNameKeys = {
  list: ['member', 'realNames'] as const,
};

/** Favourites: the goods page's heart (catalogue) and the 我的收藏 list (engagement) keep each other fresh. */
export const favoriteKeys = {
  /** Every page of 我的收藏. */
  pages: ['engagement', 'favorites'] as const,
  page: (pageNum: number) => ['engagement', 'favorites', pageNum] as const,
  /** Whether one goods is a favourite. */
  state: (goodsId: number) => ['engagement', 'favorite', goodsId] as const,
};

/** The site's settings (name, logo, banners, icon): the app shell and the home page. */
export const siteKeys = {
  config: ['site', 'site'] as const,
};

/** The category tree (GET /member/goods/category/tree): the catalogue's screens and 供应商入驻's 经营类目 share one read. */
export const categoryTreeKey = ['catalog', 'categoryTree'] as const;

/** What buyers search for most: the header's search box and the home's 热门搜索. */
export const hotKeysKey = ['search', 'hotKeys'] as const;

/** A goods' reviews: read on the goods page, refreshed when the member reviews an order. */
export const goodsReviewKeys = {
  all: ['catalog', 'reviews'] as const,
  page: (goodsId: number, filter: string, pageNum: number) => ['catalog', 'reviews', goodsId, filter, pageNum] as const,
};
