import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { MemberDetail } from '../types.ts';
import { memberKeys } from './memberKeys.ts';

/** One member with sessions and recent orders (permission member:view). Silent: the caller says what failed. */
export function getMemberDetail(memberId: string, signal?: AbortSignal) {
  return request.get<MemberDetail>('/ops/member/detail', { memberId }, { signal, silent: true });
}

/** null asks nothing. `staleTime` lets a list that names many members (who holds a coupon) read each once. */
export function useMemberDetail(memberId: string | null, options: { staleTime?: number } = {}) {
  return useQuery({
    queryKey: memberKeys.detail(memberId ?? ''),
    queryFn: ({ signal }) => getMemberDetail(memberId!, signal),
    enabled: Boolean(memberId),
    ...options,
  });
}
