export const orderKeys = {
  all: ['trade', 'orders'] as const,
  page: (q: object) => ['trade', 'orders', 'page', q] as const,
  detail: (orderNo: string) => ['trade', 'orders', 'detail', orderNo] as const,
};
