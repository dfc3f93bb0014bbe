import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 活动专区: built in a later issue; until then the route shows 即将上线. */
export default function ActivityPage() {
  return <ComingSoon title="活动专区" />;
}
