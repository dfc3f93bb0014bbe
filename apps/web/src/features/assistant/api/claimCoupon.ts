import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimResult } from '@mall/shared';
import { couponKeys } from '../../../lib/coupons.ts';
import { request } from '../../../lib/request.ts';

/** The shop's own 领取 (a coupon's template id), with the buyer's token; every coupon list is read again. */
export function useClaimCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) => request.post<ClaimResult>('/member/promotion/coupon/claim', { templateId }),
    onSettled: () => client.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
