import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 售后订单: built in a later issue; until then the route shows 即将上线. */
export default function AfterSaleOrderPage() {
  return <ComingSoon title="售后订单" />;
}
