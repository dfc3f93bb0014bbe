import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** Province, city and district codes (GB/T 2260) of the region goods are delivered to. */
export type RegionCodes = [provinceCode: string, cityCode: string, districtCode: string];

/** GET /member/goods/delivery/estimate: freight and arrival estimate, decided by the server. */
export interface DeliveryEstimate {
  goodsId: number;
  skuId: number | null;
  quantity: number;
  region: {
    provinceCode: string;
    provinceName: string;
    cityCode: string;
    cityName: string;
    districtCode: string;
    districtName: string;
    /** 浙江省 杭州市 西湖区 */
    text: string;
  };
  /** Fen. */
  freight: number;
  /** 免运费 or ¥10.00 */
  freightText: string;
  /** 满 ¥99.00 免运费 */
  freightHint: string | null;
  regionKind: 'same' | 'other' | 'remote';
  days: number;
  shipsToday: boolean;
  arrivalDate: string;
  /** 16:00 前下单，预计明天（11月26日）送达 */
  estimateText: string;
}

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
