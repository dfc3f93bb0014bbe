import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 分销商品: built in a later issue; until then the route shows 即将上线. */
export default function DistributionGoodsPage() {
  return <ComingSoon title="分销商品" />;
}
