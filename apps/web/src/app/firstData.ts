import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getCategoryTree } from '../lib/categoryTree.ts';
import { categoryTreeKey } from '../lib/queryKeys.ts';
import { getGoodsDetail, goodsIdFrom } from '../features/goods/api/getGoodsDetail.ts';
import { goodsKeys } from '../features/goods/api/goodsKeys.ts';
import { getSalesList } from '../features/home/api/getSalesList.ts';
import { homeKeys } from '../features/home/api/homeKeys.ts';
import { searchGoods } from '../features/search/api/searchGoods.ts';
import { searchKeys } from '../features/search/api/searchKeys.ts';
import { readListParams, toSearchQuery } from '../features/search/lib/listParams.ts';

type Address = Pick<Location, 'pathname' | 'search'>;

export interface FirstCall {
  queryKey: QueryKey;
  /** Quiet: no toast, no dialog; a failure is the screen's to show when it asks itself. */
  ask: () => Promise<unknown>;
}

/**
 * The first calls of the pages a buyer most often opens cold (the home, a search or category, a
 * goods link shared in WeChat). The server makes them before it renders such a page (entry-server.tsx);
 * a page the server did not render asks for them as the app starts.
 */
export function firstCalls(at: Address): FirstCall[] {
  const params = new URLSearchParams(at.search);
  const { pathname } = at;
  if (pathname === '/') {
    return [
      { queryKey: homeKeys.salesList, ask: () => getSalesList(true) },
      { queryKey: categoryTreeKey, ask: () => getCategoryTree(true) },
    ];
  }
  if (pathname === '/goodsList') {
    const query = toSearchQuery(readListParams(params));
    return [
      { queryKey: categoryTreeKey, ask: () => getCategoryTree(true) },
      { queryKey: searchKeys.goods(query), ask: () => searchGoods(query) },
    ];
  }
  if (pathname === '/goodsDetail') {
    const id = goodsIdFrom(params);
    if (id !== null) return [{ queryKey: goodsKeys.detail(id), ask: () => getGoodsDetail(id, true) }];
  }
  return [];
}

/** Makes `call` and keeps its answer in the cache (unless the screen's own ask came first); a failure leaves nothing. */
export function seedFirstCall(client: QueryClient, { queryKey, ask }: FirstCall): Promise<void> {
  return ask().then(
    (data) => {
      if (client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, data);
    },
    () => undefined,
  );
}

/**
 * Asks for the first calls as the app starts, while the screen's chunk is still being run, so that the
 * screen finds its data in the cache instead of asking only once it has rendered (measured:
 * /goodsDetail's call went out 0.28 s after the site's). What the server's page brought is not asked
 * again. A failure leaves nothing behind: the screen asks as it always did, and its ask shows the toast
 * or the 商品已下架 dialog, once.
 */
export function prefetchFirstData(client: QueryClient, at: Address = window.location) {
  for (const call of firstCalls(at)) {
    if (client.getQueryData(call.queryKey) === undefined) void seedFirstCall(client, call);
  }
}
