import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistributionApplicationView, DistributionProgramme, DistributionStatus } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { distributionKeys } from './keys.ts';

/** Where the member stands in a programme: member, under review, rejected or never applied. */
export function useDistributionStatus(programme: DistributionProgramme) {
  return useQuery({
    queryKey: distributionKeys.status(programme),
    queryFn: () =>
      request.get<DistributionStatus>('/member/distribution/apply/status', { programme }, { silent: true }),
    staleTime: 0,
  });
}

export interface ApplyInput {
  programme: DistributionProgramme;
  realNameId: string;
  mobile: string;
  channel: string;
  reason: string;
  inviteCode?: string;
}

/** 申请加入: the refusal comes back to the form (silent), the state is read again either way. */
export function useApply(programme: DistributionProgramme) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyInput) =>
      request.post<DistributionApplicationView>('/member/distribution/apply', input, { silent: true }),
    onSettled: () => void client.invalidateQueries({ queryKey: distributionKeys.status(programme) }),
  });
}
