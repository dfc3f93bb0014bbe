import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 我的优惠券: built in a later issue; until then the route shows 即将上线. */
export default function CouponPage() {
  return <ComingSoon title="我的优惠券" />;
}
