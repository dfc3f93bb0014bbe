import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 推广商品: built in a later issue; until then the route shows 即将上线. */
export default function NewDistributionGoodsPage() {
  return <ComingSoon title="推广商品" />;
}
