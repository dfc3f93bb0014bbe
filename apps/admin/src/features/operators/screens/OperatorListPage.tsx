import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「人员」: a placeholder until the operators feature brings its screen (replace this file). */
export default function OperatorListPage() {
  return <UnderConstruction />;
}
