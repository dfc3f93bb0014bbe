import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { addressKeys } from './addressKeys.ts';

export function setDefaultAddress(id: string) {
  return request.post<Address>('/member/trade/address/setDefault', { id });
}

export function useSetDefaultAddress() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setDefaultAddress, onSuccess: () => void client.invalidateQueries({ queryKey: addressKeys.list }) });
}
