import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 商品详情: built in a later issue; until then the route shows 即将上线. */
export default function GoodsDetailPage() {
  return <ComingSoon title="商品详情" />;
}
