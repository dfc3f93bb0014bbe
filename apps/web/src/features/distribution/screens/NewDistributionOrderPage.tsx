import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 推广订单: built in a later issue; until then the route shows 即将上线. */
export default function NewDistributionOrderPage() {
  return <ComingSoon title="推广订单" />;
}
