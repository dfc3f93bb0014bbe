import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 我的积分: built in a later issue; until then the route shows 即将上线. */
export default function MemberPointsPage() {
  return <ComingSoon title="我的积分" />;
}
