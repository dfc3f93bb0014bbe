import { useQuery } from '@tanstack/react-query';
import type { Address } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { addressKeys } from './addressKeys.ts';

export function getAddresses() {
  return request.get<Address[]>('/member/trade/address/list');
}

/**
 * The member's addresses, default first; asked again whenever a screen showing them opens (the
 * checkout's card must agree with the quote, which the server prices with the default address, even
 * when the goods page's 配送至 read the list a moment before another device added one).
 */
export function useAddresses() {
  return useQuery({ queryKey: addressKeys.list, queryFn: getAddresses, staleTime: 0 });
}
