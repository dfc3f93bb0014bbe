import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 分销订单详情: built in a later issue; until then the route shows 即将上线. */
export default function DistributionOrderDetailPage() {
  return <ComingSoon title="分销订单详情" />;
}
