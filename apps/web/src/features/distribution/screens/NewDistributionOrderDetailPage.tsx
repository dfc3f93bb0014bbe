import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 推广订单详情: built in a later issue; until then the route shows 即将上线. */
export default function NewDistributionOrderDetailPage() {
  return <ComingSoon title="推广订单详情" />;
}
