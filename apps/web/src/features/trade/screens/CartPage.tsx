import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 购物车: built in a later issue; until then the route shows 即将上线. */
export default function CartPage() {
  return <ComingSoon title="购物车" />;
}
