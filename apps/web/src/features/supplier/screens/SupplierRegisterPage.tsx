import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 供应商入驻: built in a later issue; until then the route shows 即将上线. */
export default function SupplierRegisterPage() {
  return <ComingSoon title="供应商入驻" />;
}
