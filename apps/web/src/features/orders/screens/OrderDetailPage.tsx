import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 订单详情: built in a later issue; until then the route shows 即将上线. */
export default function OrderDetailPage() {
  return <ComingSoon title="订单详情" />;
}
