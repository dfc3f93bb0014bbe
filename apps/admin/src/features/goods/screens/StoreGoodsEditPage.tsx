import { GoodsScopeProvider, STORE_SCOPE } from '../lib/goods-scope.tsx';
import GoodsEditPage from './GoodsEditPage.tsx';

/** 本店商品's 新建商品 / 编辑商品: the one goods form, saved to the store (and to the shop's review). */
export default function StoreGoodsEditPage() {
  return (
    <GoodsScopeProvider scope={STORE_SCOPE}>
      <GoodsEditPage />
    </GoodsScopeProvider>
  );
}
