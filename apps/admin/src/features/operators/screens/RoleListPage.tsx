import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「角色」: a placeholder until the operators feature brings its screen (replace this file). */
export default function RoleListPage() {
  return <UnderConstruction />;
}
