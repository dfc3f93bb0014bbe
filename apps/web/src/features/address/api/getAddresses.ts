import { useQuery } from '@tanstack/react-query';
import type { Address } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { addressKeys } from './addressKeys.ts';

export function getAddresses() {
  return request.get<Address[]>('/member/trade/address/list');
}

/** The member's addresses, default first. */
export function useAddresses() {
  return useQuery({ queryKey: addressKeys.list, queryFn: getAddresses });
}
