import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { MemberDetail } from '../types.ts';
import { membersKeys } from './membersKeys.ts';

export function getMemberDetail(memberId: string, signal?: AbortSignal) {
  return request.get<MemberDetail>('/ops/member/detail', { memberId }, { signal, silent: true });
}

export function useMemberDetail(memberId: string | null) {
  return useQuery({
    queryKey: membersKeys.detail(memberId ?? ''),
    queryFn: ({ signal }) => getMemberDetail(memberId!, signal),
    enabled: Boolean(memberId),
  });
}
