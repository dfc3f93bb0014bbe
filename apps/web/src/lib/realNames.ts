import { useQuery } from '@tanstack/react-query';
import { realNameKeys } from './queryKeys.ts';
import { request } from './request.ts';

/** A real-name record as /member/user/realName/* answer it. */
export interface RealNameRecord {
  id: string;
  name: string;
  /** Masked by the server: 1****************X */
  idNumberMasked: string;
  isDefault: boolean;
  createdAt: string;
}

export function getRealNames() {
  return request.get<RealNameRecord[]>('/member/user/realName/list');
}

/**
 * The member's real-name records, one cached list for 实名信息 and checkout (cross-border goods):
 * a record saved on one screen shows on the other.
 */
export function useRealNames(enabled = true) {
  return useQuery({ queryKey: realNameKeys.list, queryFn: getRealNames, enabled, staleTime: 0 });
}
