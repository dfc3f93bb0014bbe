import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsPermission } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { RoleRow } from '../types.ts';
import { operatorsKeys } from './operatorsKeys.ts';

export function useRoles() {
  return useQuery({
    queryKey: operatorsKeys.roles(),
    queryFn: ({ signal }) => request.get<RoleRow[]>('/ops/role/list', undefined, { signal, silent: true }),
  });
}

export interface RoleInput {
  /** Absent for a new role. */
  key?: string;
  name: string;
  permissions: OpsPermission[];
}

/** Silent: the editor shows a refusal (角色名称已存在 …) beside its fields. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoleInput) =>
      request.post<{ key: string; name: string; permissions: OpsPermission[] }>('/ops/role/save', input, {
        silent: true,
      }),
    // The operators' list shows role names: both refresh.
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorsKeys.all }),
  });
}
