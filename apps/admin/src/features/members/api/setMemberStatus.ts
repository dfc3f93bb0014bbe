import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { memberKeys } from '../../../entities/member/api/memberKeys.ts';
import type { MemberStatus } from '../../../entities/member/types.ts';

export interface MemberStatusChange {
  memberId: string;
  status: MemberStatus;
  reason: string;
}

export interface MemberStatusResult {
  id: string;
  before: MemberStatus;
  status: MemberStatus;
  sessionsEnded: number;
}

/** 禁用 (every session of the member ends at once) or 启用, with the reason the audit log keeps. */
export function setMemberStatus({ memberId, status, reason }: MemberStatusChange) {
  const url = status === 'disabled' ? '/ops/member/disable' : '/ops/member/enable';
  // Silent: the dialog shows the server's message under its reason field.
  return request.post<MemberStatusResult>(url, { memberId, reason }, { silent: true });
}

export function useSetMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
