/** The assistant's queries: the member's sessions and each session's messages. */
export const assistantKeys = {
  all: ['assistant'] as const,
  sessions: ['assistant', 'sessions'] as const,
  messages: (sessionId: string) => ['assistant', 'messages', sessionId] as const,
};
