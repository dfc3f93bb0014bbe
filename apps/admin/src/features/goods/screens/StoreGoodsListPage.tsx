import { GoodsScopeProvider, STORE_SCOPE } from '../lib/goods-scope.tsx';
import GoodsListPage from './GoodsListPage.tsx';

/** 本店商品: the goods list against the supplier's own store (/ops/store/goods/*). */
export default function StoreGoodsListPage() {
  return (
    <GoodsScopeProvider scope={STORE_SCOPE}>
      <GoodsListPage />
    </GoodsScopeProvider>
  );
}
