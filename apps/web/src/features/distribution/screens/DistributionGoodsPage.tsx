import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { GoodsView } from '../components/GoodsView.tsx';

/** 分销商品: goods with the commission, search, sort and 分享; before joining, how to join. */
export default function DistributionGoodsPage() {
  return (
    <ProgrammeGate programme="CLASSIC" title="分销商品">
      {() => <GoodsView programme="CLASSIC" />}
    </ProgrammeGate>
  );
}
