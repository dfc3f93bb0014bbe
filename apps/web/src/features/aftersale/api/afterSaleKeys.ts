export const afterSaleKeys = {
  all: ['trade', 'afterSale'] as const,
  page: (q: object) => ['trade', 'afterSale', 'page', q] as const,
  detail: (id: string) => ['trade', 'afterSale', 'detail', id] as const,
  applyInfo: (orderItemId: string) => ['trade', 'afterSale', 'applyInfo', orderItemId] as const,
};
