export const settingsKeys = {
  all: ['ops', 'settings'] as const,
};
