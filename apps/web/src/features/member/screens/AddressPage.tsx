import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 收货地址: built in a later issue; until then the route shows 即将上线. */
export default function AddressPage() {
  return <ComingSoon title="收货地址" />;
}
