import type { QueryClient } from '@tanstack/react-query';
import { categoryTreeQuery } from './api/getCategoryTree.ts';
import { goodsIdFrom, prefetchGoodsDetail } from './api/getGoodsDetail.ts';
import { salesListQuery } from './api/getSalesList.ts';
import { searchGoodsQuery } from './api/searchGoods.ts';
import { readListParams, toSearchQuery } from './lib/listParams.ts';

/**
 * The calls a landing page of the catalogue makes for its first screen, asked for as the app starts
 * (with the queries' own keys, so the screen finds them under way) instead of after its script has
 * loaded and rendered: the pages buyers arrive on from a shared link or a search engine.
 */
export function prefetchCatalogLanding(client: QueryClient, pathname: string, search: URLSearchParams) {
  if (pathname === '/') {
    void client.prefetchQuery(categoryTreeQuery);
    void client.prefetchQuery(salesListQuery);
  } else if (pathname === '/goodsList') {
    void client.prefetchQuery(categoryTreeQuery);
    void client.prefetchQuery(searchGoodsQuery(toSearchQuery(readListParams(search))));
  } else if (pathname === '/goodsDetail') {
    const id = goodsIdFrom(search);
    if (id !== null) prefetchGoodsDetail(client, id);
  }
}
