/** Query keys of the goods page (its reviews are refreshed by orders too: lib/queryKeys.ts). */
export const goodsKeys = {
  /** Every goods detail (the start of each one's key). */
  details: ['catalog', 'goodsDetail'] as const,
  detail: (id: number | null) => ['catalog', 'goodsDetail', id] as const,
};
