import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 积分商城: built in a later issue; until then the route shows 即将上线. */
export default function PointsMallPage() {
  return <ComingSoon title="积分商城" />;
}
