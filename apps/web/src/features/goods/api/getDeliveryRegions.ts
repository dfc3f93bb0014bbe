import { useQuery } from '@tanstack/react-query';
import type { Address } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { RegionCodes } from './getDeliveryEstimate.ts';

/**
 * What 配送至 needs of the address book (features do not import each other, so these are the
 * catalogue's own calls). The query keys are the address book's own, so a change made there (a new
 * default address) is seen here, and the region tree is loaded once per visit for both.
 */
const ADDRESS_LIST_KEY = ['trade', 'address', 'list'] as const;
const REGIONS_KEY = ['trade', 'address', 'regions'] as const;

/** Province → city → district (GB/T 2260), as antd's Cascader takes it. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

export function useRegionTree(enabled: boolean) {
  return useQuery({
    queryKey: REGIONS_KEY,
    queryFn: () => request.get<RegionOption[]>('/member/trade/address/regions', undefined, { silent: true }),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled,
  });
}

/** The signed-in buyer's default address as region codes; null while signed out or with none. */
export function useDefaultRegion(signedIn: boolean): { region: RegionCodes | null; isLoading: boolean } {
  const list = useQuery({
    queryKey: ADDRESS_LIST_KEY,
    queryFn: () => request.get<Address[]>('/member/trade/address/list', undefined, { silent: true }),
    enabled: signedIn,
  });
  const found = signedIn ? (list.data?.find((a) => a.isDefault) ?? list.data?.[0]) : undefined;
  const region: RegionCodes | null =
    found && found.districtCode ? [found.provinceCode, found.cityCode, found.districtCode] : null;
  return { region, isLoading: signedIn && list.isLoading };
}
