import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { SecuritySummary } from './types.ts';

export const securitySummaryKey = ['member', 'security', 'summary'] as const;

export function getSecuritySummary() {
  return request.get<SecuritySummary>('/member/user/security/summary');
}

export function useSecuritySummary() {
  return useQuery({ queryKey: securitySummaryKey, queryFn: getSecuritySummary, staleTime: 0 });
}
