import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { memberKeys } from './memberKeys.ts';
import type { SecuritySummary } from './types.ts';

export function getSecuritySummary() {
  return request.get<SecuritySummary>('/member/user/security/summary');
}

export function useSecuritySummary() {
  return useQuery({ queryKey: memberKeys.securitySummary, queryFn: getSecuritySummary, staleTime: 0 });
}
