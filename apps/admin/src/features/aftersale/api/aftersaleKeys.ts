import type { AfterSaleQuery } from './getAfterSalePage.ts';
import type { ManualRefundQuery } from './getManualRefunds.ts';

/**
 * Query keys of the 售后 screens. A review action drops the queue and the request; a refund also
 * changes the order (its 已退 and status), so it drops the orders' keys too (see refundAfterSale).
 */
export const aftersaleKeys = {
  all: ['ops', 'aftersales'] as const,
  pages: () => [...aftersaleKeys.all, 'page'] as const,
  page: (q: AfterSaleQuery) => [...aftersaleKeys.pages(), q] as const,
  detail: (afterSaleNo: string) => [...aftersaleKeys.all, 'detail', afterSaleNo] as const,
  manualRefunds: (q: ManualRefundQuery) => [...aftersaleKeys.all, 'manualRefunds', q] as const,
};

/** The 订单 screens' keys (features do not import each other: the prefix is the contract). */
export const ORDERS_KEY = ['ops', 'orders'] as const;
/** The 库存 screens' keys: a received return or a refund before shipment moves stock. */
export const INVENTORY_KEY = ['ops', 'inventory'] as const;
