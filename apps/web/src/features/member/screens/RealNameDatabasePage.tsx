import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 实名信息: built in a later issue; until then the route shows 即将上线. */
export default function RealNameDatabasePage() {
  return <ComingSoon title="实名信息" />;
}
