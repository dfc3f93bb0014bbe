/** Query keys of browsing history (favourites are shared with the catalogue: lib/queryKeys.ts). */
export const engagementKeys = {
  history: ['engagement', 'history'] as const,
};
