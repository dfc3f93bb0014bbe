import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 旧版首页: built in a later issue; until then the route shows 即将上线. */
export default function OldHomePage() {
  return <ComingSoon title="旧版首页" />;
}
