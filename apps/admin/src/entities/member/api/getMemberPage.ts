import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { MemberQuery, MemberRow } from '../types.ts';
import { memberKeys } from './memberKeys.ts';

/** One page of members (permission member:view). Silent: each screen says what failed its way. */
export function getMemberPage(q: MemberQuery, signal?: AbortSignal) {
  return request.get<Page<MemberRow>>('/ops/member/page', { ...q }, { signal, silent: true });
}

/** A page of members; null asks nothing (a picker before anything is typed). The last page stays while the next loads. */
export function useMemberPage(q: MemberQuery | null) {
  return useQuery({
    queryKey: memberKeys.page(q ?? { pageNum: 0, pageSize: 0 }),
    queryFn: ({ signal }) => getMemberPage(q!, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}
