import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { RealNameRecord } from '../types.ts';

export function getRealNames() {
  return request.get<RealNameRecord[]>('/member/user/realName/list');
}

/** The member's real-name records (ID numbers masked by the server), needed for cross-border goods. */
export function useRealNames(enabled: boolean) {
  return useQuery({ queryKey: ['member', 'realName', 'list'], queryFn: getRealNames, enabled });
}
