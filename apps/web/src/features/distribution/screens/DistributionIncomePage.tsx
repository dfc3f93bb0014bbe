import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { IncomeView } from '../components/IncomeView.tsx';

/** 分销收益: balances, ledger, withdrawals and 提现; before joining, how to join. */
export default function DistributionIncomePage() {
  return (
    <ProgrammeGate programme="CLASSIC" title="分销收益">
      {(status) => <IncomeView programme="CLASSIC" status={status} />}
    </ProgrammeGate>
  );
}
