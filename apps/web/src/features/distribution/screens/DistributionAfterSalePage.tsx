import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { AfterSalesView } from '../components/AfterSalesView.tsx';

/** 分销售后: after-sales on the member's orders and their commission effect; before joining, how to join. */
export default function DistributionAfterSalePage() {
  return (
    <ProgrammeGate programme="CLASSIC" title="分销售后">
      {() => <AfterSalesView programme="CLASSIC" />}
    </ProgrammeGate>
  );
}
