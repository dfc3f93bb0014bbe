/** Query keys of the cart; the catalogue's add-to-cart writes ['trade','cart','count'] too. */
export const cartKeys = {
  all: ['trade', 'cart'] as const,
  list: ['trade', 'cart', 'list'] as const,
  count: ['trade', 'cart', 'count'] as const,
};
