/** Query keys of 供应商入驻. */
export const supplierKeys = {
  application: ['member', 'supplier', 'application'] as const,
};
