import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 我的收藏: built in a later issue; until then the route shows 即将上线. */
export default function FavoritesPage() {
  return <ComingSoon title="我的收藏" />;
}
