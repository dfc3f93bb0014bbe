import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 收银台: built in a later issue; until then the route shows 即将上线. */
export default function PaymentPage() {
  return <ComingSoon title="收银台" />;
}
