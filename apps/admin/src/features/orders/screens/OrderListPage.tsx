import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「订单」: a placeholder until the orders feature brings its screen (replace this file). */
export default function OrderListPage() {
  return <UnderConstruction />;
}
