import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 分销售后: built in a later issue; until then the route shows 即将上线. */
export default function DistributionAfterSalePage() {
  return <ComingSoon title="分销售后" />;
}
