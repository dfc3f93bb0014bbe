import { UnderConstruction } from '../../../components/UnderConstruction.tsx';

/** 「库存」: a placeholder until the inventory feature brings its screen (replace this file). */
export default function InventoryPage() {
  return <UnderConstruction />;
}
