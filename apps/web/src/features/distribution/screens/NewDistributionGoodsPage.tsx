import { ProgrammeGate } from '../components/ProgrammeGate.tsx';
import { GoodsView } from '../components/GoodsView.tsx';

/** 推广商品: goods with the commission at the member's level, search, sort and 分享; before joining, how to join. */
export default function NewDistributionGoodsPage() {
  return (
    <ProgrammeGate programme="PROMOTER" title="推广商品">
      {() => <GoodsView programme="PROMOTER" />}
    </ProgrammeGate>
  );
}
