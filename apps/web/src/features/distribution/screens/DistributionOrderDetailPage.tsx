import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { OrderDetailView } from '../components/OrderDetailView.tsx';

/** 分销订单详情: one order's lines, commission and history; before joining, how to join. */
export default function DistributionOrderDetailPage() {
  return (
    <ProgrammeGate programme="CLASSIC" title="分销订单详情">
      {() => <OrderDetailView programme="CLASSIC" />}
    </ProgrammeGate>
  );
}
