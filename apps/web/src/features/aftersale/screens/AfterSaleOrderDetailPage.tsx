import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 售后详情: built in a later issue; until then the route shows 即将上线. */
export default function AfterSaleOrderDetailPage() {
  return <ComingSoon title="售后详情" />;
}
