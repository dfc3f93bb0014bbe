import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { RegionOption } from '../types.ts';
import { addressKeys } from './addressKeys.ts';

export function getRegions() {
  return request.get<RegionOption[]>('/member/trade/address/regions');
}

/** The region tree rarely changes: kept for the whole visit. */
export function useRegions(enabled = true) {
  return useQuery({ queryKey: addressKeys.regions, queryFn: getRegions, staleTime: Infinity, gcTime: Infinity, enabled });
}
