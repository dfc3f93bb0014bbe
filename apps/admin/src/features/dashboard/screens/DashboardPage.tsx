import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「工作台」: a placeholder until the dashboard feature brings its screen (replace this file). */
export default function DashboardPage() {
  return <UnderConstruction />;
}
