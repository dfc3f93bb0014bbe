import type { AuditQuery } from '../types.ts';

export const auditKeys = {
  all: ['ops', 'audit'] as const,
  page: (q: AuditQuery) => [...auditKeys.all, 'page', q] as const,
};
