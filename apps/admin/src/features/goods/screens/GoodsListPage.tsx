import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「商品列表」: a placeholder until the goods feature brings its screen (replace this file). */
export default function GoodsListPage() {
  return <UnderConstruction />;
}
