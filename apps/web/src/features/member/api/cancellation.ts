import { useQuery } from '@tanstack/react-query';
import type { CancellationPreview } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { memberKeys } from './memberKeys.ts';

/** 注销账号: what is erased and kept, what must be finished first, the cooling-off. */
export function getCancellationPreview() {
  return request.get<CancellationPreview>('/member/user/cancellation/preview');
}

export function useCancellationPreview() {
  return useQuery({ queryKey: memberKeys.cancellation, queryFn: getCancellationPreview, staleTime: 0 });
}

/** Confirms with the code sent for purpose cancelAccount; silent, the dialog shows a refusal in place. */
export function applyForCancellation(smsCode: string) {
  return request.post<{ eraseAt: string; coolingDays: number }>('/member/user/cancellation/apply', { smsCode }, { silent: true });
}
