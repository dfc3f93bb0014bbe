import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { OrderDetailView } from '../components/OrderDetailView.tsx';

/** 推广订单详情: one order's lines, tiers, commission and history; before joining, how to join. */
export default function NewDistributionOrderDetailPage() {
  return (
    <ProgrammeGate programme="PROMOTER" title="推广订单详情">
      {() => <OrderDetailView programme="PROMOTER" />}
    </ProgrammeGate>
  );
}
