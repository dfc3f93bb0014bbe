import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 优惠券商品: built in a later issue; until then the route shows 即将上线. */
export default function CouponGoodsListPage() {
  return <ComingSoon title="优惠券商品" />;
}
