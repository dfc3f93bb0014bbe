/** Query keys of the address book; checkout reads the same list through useAddresses (the region tree: lib/regions.ts). */
export const addressKeys = {
  list: ['trade', 'address', 'list'] as const,
};
