import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「分类」: a placeholder until the goods feature brings its screen (replace this file). */
export default function CategoryPage() {
  return <UnderConstruction />;
}
