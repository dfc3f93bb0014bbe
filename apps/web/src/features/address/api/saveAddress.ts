import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { AddressInput } from '../types.ts';
import { addressKeys } from './addressKeys.ts';

/** Creates an address, or updates it when an id is given. */
export function saveAddress(input: AddressInput & { id?: string }) {
  return input.id
    ? request.post<Address>('/member/trade/address/update', input)
    : request.post<Address>('/member/trade/address/create', input);
}

export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => void client.invalidateQueries({ queryKey: addressKeys.list }),
  });
}
