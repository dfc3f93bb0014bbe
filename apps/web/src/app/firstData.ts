import type { QueryClient } from '@tanstack/react-query';
import { categoryTreeQuery } from '../features/catalog/api/getCategoryTree.ts';
import { goodsDetailQuery, goodsIdFrom } from '../features/catalog/api/getGoodsDetail.ts';
import { salesListQuery } from '../features/catalog/api/getSalesList.ts';
import { searchGoodsQuery } from '../features/catalog/api/searchGoods.ts';
import { readListParams, toSearchQuery } from '../features/catalog/lib/listParams.ts';

/**
 * The first calls of the pages a buyer most often opens cold (the home, a search or category, a
 * goods link shared in WeChat), asked for as the app starts, while the screen's chunk is still being
 * run: the screen's own queries, with the same keys, find them answered or on their way instead of
 * asking only once it has rendered (measured: /goodsDetail's call went out 0.28 s after the site's).
 */
export function prefetchFirstData(client: QueryClient, at: Pick<Location, 'pathname' | 'search'> = window.location) {
  const params = new URLSearchParams(at.search);
  const ask = (options: Parameters<QueryClient['prefetchQuery']>[0]) => void client.prefetchQuery(options);
  if (at.pathname === '/') {
    ask(salesListQuery);
    ask(categoryTreeQuery);
  } else if (at.pathname === '/goodsList') {
    ask(categoryTreeQuery);
    ask(searchGoodsQuery(toSearchQuery(readListParams(params))));
  } else if (at.pathname === '/goodsDetail') {
    const id = goodsIdFrom(params);
    if (id !== null) ask(goodsDetailQuery(id));
  }
}
