import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「会员」: a placeholder until the members feature brings its screen (replace this file). */
export default function MemberListPage() {
  return <UnderConstruction />;
}
