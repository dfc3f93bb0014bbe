import { useMutation, useQueryClient } from '@tanstack/react-query';
import { realNameKeys } from '../../../lib/queryKeys.ts';
import type { RealNameRecord } from '../../../lib/realNames.ts';
import { request } from '../../../lib/request.ts';
import { memberKeys } from './memberKeys.ts';

// The list itself is read with useRealNames (lib/realNames.ts): one cache, which checkout reads too.

/** The server keeps at most this many records per member. */
export const REAL_NAME_LIMIT = 5;

export interface RealNameInput {
  id?: string;
  name: string;
  /** Left out on edit when the buyer keeps the number. */
  idNumber?: string;
  isDefault?: boolean;
}

export function saveRealName({ id, ...input }: RealNameInput) {
  return id
    ? request.post<RealNameRecord>('/member/user/realName/update', { id, ...input })
    : request.post<RealNameRecord>('/member/user/realName/add', input);
}

export function deleteRealName(id: string) {
  return request.post<null>('/member/user/realName/delete', { id });
}

export function setDefaultRealName(id: string) {
  return request.post<RealNameRecord>('/member/user/realName/setDefault', { id });
}

function useRealNameMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: realNameKeys.list });
      void client.invalidateQueries({ queryKey: memberKeys.securitySummary });
    },
  });
}

export const useSaveRealName = () => useRealNameMutation(saveRealName);
export const useDeleteRealName = () => useRealNameMutation(deleteRealName);
export const useSetDefaultRealName = () => useRealNameMutation(setDefaultRealName);
