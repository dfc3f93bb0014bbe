import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 活动商品详情: built in a later issue; until then the route shows 即将上线. */
export default function ActivityGoodsDetailPage() {
  return <ComingSoon title="活动商品详情" />;
}
