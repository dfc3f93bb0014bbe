/** Query keys of the address book; checkout reads the same list through useAddresses. */
export const addressKeys = {
  list: ['trade', 'address', 'list'] as const,
  regions: ['trade', 'address', 'regions'] as const,
};
