import { useQuery } from '@tanstack/react-query';
import { request } from './request.ts';

/** Province → city → district (GB/T 2260), shaped for antd's Cascader. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** The shop's region tree, as the address book and 供应商入驻's 注册地址 pick from it. */
export const regionKeys = { tree: ['trade', 'address', 'regions'] as const };

export function getRegions() {
  return request.get<RegionOption[]>('/member/trade/address/regions');
}

/** The region tree rarely changes: kept for the whole visit. */
export function useRegions(enabled = true) {
  return useQuery({ queryKey: regionKeys.tree, queryFn: getRegions, staleTime: Infinity, gcTime: Infinity, enabled });
}
