import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { catalogKeys } from '../features/catalog/api/catalogKeys.ts';
import { getCategoryTree } from '../features/catalog/api/getCategoryTree.ts';
import { getGoodsDetail, goodsIdFrom } from '../features/catalog/api/getGoodsDetail.ts';
import { getSalesList } from '../features/catalog/api/getSalesList.ts';
import { searchGoods } from '../features/catalog/api/searchGoods.ts';
import { readListParams, toSearchQuery } from '../features/catalog/lib/listParams.ts';

/**
 * The first calls of the pages a buyer most often opens cold (the home, a search or category, a
 * goods link shared in WeChat), asked for as the app starts, while the screen's chunk is still being
 * run, so that the screen finds its data in the cache instead of asking only once it has rendered
 * (measured: /goodsDetail's call went out 0.28 s after the site's). The early asks are quiet and
 * only an answer is kept: a failure leaves nothing behind, the screen asks as it always did, and its
 * ask shows the toast or the 商品已下架 dialog, once.
 */
export function prefetchFirstData(client: QueryClient, at: Pick<Location, 'pathname' | 'search'> = window.location) {
  const params = new URLSearchParams(at.search);
  const seed = (queryKey: QueryKey, ask: () => Promise<unknown>) =>
    void ask().then(
      (data) => {
        if (client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, data);
      },
      () => undefined,
    );
  if (at.pathname === '/') {
    seed(catalogKeys.salesList, () => getSalesList(true));
    seed(catalogKeys.categoryTree, () => getCategoryTree(true));
  } else if (at.pathname === '/goodsList') {
    seed(catalogKeys.categoryTree, () => getCategoryTree(true));
    const query = toSearchQuery(readListParams(params));
    seed(catalogKeys.search(query), () => searchGoods(query));
  } else if (at.pathname === '/goodsDetail') {
    const id = goodsIdFrom(params);
    if (id !== null) seed(catalogKeys.goodsDetail(id), () => getGoodsDetail(id, true));
  }
}
