/** Where the catalogue's links go: the same addresses from the home, search, goods and activity pages. */
export const categoryHref = (id: number) => `/goodsList?categoryId=${id}`;

export const searchHref = (keyword: string) => `/goodsList?keyword=${encodeURIComponent(keyword)}`;

export const activityGoodsHref = (g: { activityId: number; skuId: number }) =>
  `/activityGoodsDetail?activityId=${g.activityId}&skuId=${g.skuId}`;

/** The 秒杀 会场, opened on one session's tab when given. */
export const flashSaleHref = (sessionId?: number) => (sessionId ? `/flashSale?session=${sessionId}` : '/flashSale');
