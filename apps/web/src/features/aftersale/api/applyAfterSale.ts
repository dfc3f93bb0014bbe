import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AfterSaleDetail, AfterSaleType, ApplyInfo } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { orderKeys } from '../../../lib/queryKeys.ts';
import { afterSaleKeys } from './afterSaleKeys.ts';

/** Where uploads go (multipart, field `file`); the reply names the stored image. */
export const UPLOAD_URL = '/member/order/afterSale/upload';

export function getApplyInfo(orderItemId: string) {
  return request.get<ApplyInfo>('/member/order/afterSale/applyInfo', { orderItemId }, { silent: true });
}

export function useApplyInfo(orderItemId: string | undefined) {
  return useQuery({
    queryKey: afterSaleKeys.applyInfo(orderItemId ?? ''),
    queryFn: () => getApplyInfo(orderItemId!),
    enabled: Boolean(orderItemId),
    staleTime: 0,
  });
}

export interface ApplyInput {
  orderItemId: string;
  type: AfterSaleType;
  reason: string;
  description: string;
  quantity: number;
  /** Stored names returned by the upload endpoint. */
  images: string[];
}

export function applyAfterSale(input: ApplyInput) {
  return request.post<AfterSaleDetail>('/member/order/afterSale/apply', input);
}

export function useApplyAfterSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyAfterSale,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: afterSaleKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
