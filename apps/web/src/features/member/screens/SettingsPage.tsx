import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 账户安全: built in a later issue; until then the route shows 即将上线. */
export default function SettingsPage() {
  return <ComingSoon title="账户安全" />;
}
