import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { IncomeView } from '../components/IncomeView.tsx';

/** 推广收益: balances, level, ledger, withdrawals, 我的团队 and 提现; before joining, how to join. */
export default function NewDistributionIncomePage() {
  return (
    <ProgrammeGate programme="PROMOTER" title="推广收益">
      {(status) => <IncomeView programme="PROMOTER" status={status} />}
    </ProgrammeGate>
  );
}
