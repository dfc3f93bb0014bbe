import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { MemberQuery, MemberRow, Page } from '../types.ts';
import { membersKeys } from './membersKeys.ts';

export function getMemberPage(q: MemberQuery, signal?: AbortSignal) {
  return request.get<Page<MemberRow>>('/ops/member/page', { ...q }, { signal, silent: true });
}

/** Silent: the table shows a failure with 重试 instead of a toast. */
export function useMemberPage(q: MemberQuery) {
  return useQuery({
    queryKey: membersKeys.page(q),
    queryFn: ({ signal }) => getMemberPage(q, signal),
    placeholderData: keepPreviousData,
  });
}
