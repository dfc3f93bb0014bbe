import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 推广售后: built in a later issue; until then the route shows 即将上线. */
export default function NewDistributionAfterSalePage() {
  return <ComingSoon title="推广售后" />;
}
