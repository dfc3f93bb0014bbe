/** Query keys of the member area (the real-name list is shared with checkout: lib/queryKeys.ts). */
export const memberKeys = {
  /** The profile page asks for the current member afresh when it opens. */
  profile: ['user', 'current'] as const,
  securitySummary: ['member', 'security', 'summary'] as const,
  sessions: ['member', 'security', 'sessions'] as const,
  marketingConsent: ['member', 'privacy', 'consent'] as const,
  dataCopies: ['member', 'privacy', 'dataCopies'] as const,
  cancellation: ['member', 'cancellation', 'preview'] as const,
};
