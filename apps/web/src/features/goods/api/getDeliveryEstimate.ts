import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeliveryEstimate } from '@mall/shared';
import { request } from '../../../lib/request.ts';

/** Province, city and district codes (GB/T 2260) of the region goods are delivered to. */
export type RegionCodes = [provinceCode: string, cityCode: string, districtCode: string];


export interface DeliveryEstimateParams {
  goodsId: number;
  skuId?: number;
  quantity: number;
  region: RegionCodes;
}

/** Silent: a refusal is shown in the 配送至 row itself. */
export function getDeliveryEstimate({ goodsId, skuId, quantity, region }: DeliveryEstimateParams) {
  const [provinceCode, cityCode, districtCode] = region;
  return request.get<DeliveryEstimate>(
    '/member/goods/delivery/estimate',
    { goodsId, ...(skuId ? { skuId } : {}), quantity, provinceCode, cityCode, districtCode },
    { silent: true },
  );
}

export function useDeliveryEstimate(params: Omit<DeliveryEstimateParams, 'region'> & { region: RegionCodes | null }) {
  const { goodsId, skuId, quantity, region } = params;
  return useQuery({
    queryKey: ['catalog', 'delivery', goodsId, skuId ?? null, quantity, region?.join('-') ?? null] as const,
    queryFn: () => getDeliveryEstimate({ goodsId, skuId, quantity, region: region! }),
    enabled: region !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
