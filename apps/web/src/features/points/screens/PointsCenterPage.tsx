import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 积分中心: built in a later issue; until then the route shows 即将上线. */
export default function PointsCenterPage() {
  return <ComingSoon title="积分中心" />;
}
