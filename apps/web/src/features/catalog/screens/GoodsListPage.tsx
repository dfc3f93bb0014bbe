import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 商品分类: built in a later issue; until then the route shows 即将上线. */
export default function GoodsListPage() {
  return <ComingSoon title="商品分类" />;
}
