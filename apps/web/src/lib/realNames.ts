import { useQuery } from '@tanstack/react-query';
import { realNameKeys } from './queryKeys.ts';
import { request } from './request.ts';
import { safeRedirect, withRedirect } from './redirect.ts';

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

const REAL_NAME_PAGE = '/user/member/realNameDatabase';

/**
 * 实名信息, sent from a screen that needs a record first (分销 apply, a cross-border checkout): the page
 * brings the buyer back to `where` (a path of this site with its query) once a record is added.
 */
export function realNamePageComingBack(where: string): string {
  return withRedirect(REAL_NAME_PAGE, safeRedirect(where));
}
