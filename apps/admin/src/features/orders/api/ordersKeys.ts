import type { OrderQuery } from './getOrderPage.ts';

/** Query keys of the 订单 screens; shipping or a remark drops the pages and the order's detail. */
export const ordersKeys = {
  all: ['ops', 'orders'] as const,
  pages: () => [...ordersKeys.all, 'page'] as const,
  page: (q: OrderQuery) => [...ordersKeys.pages(), q] as const,
  detail: (orderNo: string) => [...ordersKeys.all, 'detail', orderNo] as const,
};
