import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { OrdersView } from '../components/OrdersView.tsx';

/** 分销订单: the orders that earned commission, by state and time; before joining, how to join. */
export default function DistributionOrderPage() {
  return (
    <ProgrammeGate programme="CLASSIC" title="分销订单">
      {() => <OrdersView programme="CLASSIC" />}
    </ProgrammeGate>
  );
}
