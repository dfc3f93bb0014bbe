import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 首页: built in a later issue; until then the route shows 即将上线. */
export default function HomePage() {
  return <ComingSoon title="首页" />;
}
