import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { AuditEntry, AuditQuery, Page } from '../types.ts';
import { auditKeys } from './auditKeys.ts';

export function useAuditPage(q: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.page(q),
    queryFn: ({ signal }) => request.get<Page<AuditEntry>>('/ops/audit/page', { ...q }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}
