import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { OrdersView } from '../components/OrdersView.tsx';

/** 推广订单: the orders that earned commission (直推 and 间推), by state and time; before joining, how to join. */
export default function NewDistributionOrderPage() {
  return (
    <ProgrammeGate programme="PROMOTER" title="推广订单">
      {() => <OrdersView programme="PROMOTER" />}
    </ProgrammeGate>
  );
}
