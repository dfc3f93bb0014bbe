import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「售后」: a placeholder until the aftersale feature brings its screen (replace this file). */
export default function AfterSaleListPage() {
  return <UnderConstruction />;
}
