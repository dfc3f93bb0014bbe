import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 推广收益: built in a later issue; until then the route shows 即将上线. */
export default function NewDistributionIncomePage() {
  return <ComingSoon title="推广收益" />;
}
