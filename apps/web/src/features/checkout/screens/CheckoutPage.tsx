import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 确认订单: built in a later issue; until then the route shows 即将上线. */
export default function CheckoutPage() {
  return <ComingSoon title="确认订单" />;
}
