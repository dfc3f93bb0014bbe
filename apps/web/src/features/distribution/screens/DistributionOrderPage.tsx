import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 分销订单: built in a later issue; until then the route shows 即将上线. */
export default function DistributionOrderPage() {
  return <ComingSoon title="分销订单" />;
}
