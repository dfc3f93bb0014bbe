import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 我的订单: built in a later issue; until then the route shows 即将上线. */
export default function MyOrderPage() {
  return <ComingSoon title="我的订单" />;
}
