import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { AfterSalesView } from '../components/AfterSalesView.tsx';

/** 推广售后: after-sales on the member's orders and their commission effect; before joining, how to join. */
export default function NewDistributionAfterSalePage() {
  return (
    <ProgrammeGate programme="PROMOTER" title="推广售后">
      {() => <AfterSalesView programme="PROMOTER" />}
    </ProgrammeGate>
  );
}
