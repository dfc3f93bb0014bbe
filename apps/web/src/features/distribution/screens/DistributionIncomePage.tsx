import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 分销收益: built in a later issue; until then the route shows 即将上线. */
export default function DistributionIncomePage() {
  return <ComingSoon title="分销收益" />;
}
