import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 积分商品详情: built in a later issue; until then the route shows 即将上线. */
export default function PointsMallDetailPage() {
  return <ComingSoon title="积分商品详情" />;
}
