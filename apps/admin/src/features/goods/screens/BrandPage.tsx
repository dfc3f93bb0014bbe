import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「品牌」: a placeholder until the goods feature brings its screen (replace this file). */
export default function BrandPage() {
  return <UnderConstruction />;
}
