import type { LedgerQuery } from './getLedger.ts';
import type { LowStockQuery } from './getLowStock.ts';

/** Query keys of the 库存 screens; an adjustment drops both lists. */
export const inventoryKeys = {
  all: ['ops', 'inventory'] as const,
  lowStock: (q: LowStockQuery) => [...inventoryKeys.all, 'lowStock', q] as const,
  ledger: (q: LedgerQuery) => [...inventoryKeys.all, 'ledger', q] as const,
};
