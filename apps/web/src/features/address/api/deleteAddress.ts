import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { addressKeys } from './addressKeys.ts';

export function deleteAddress(id: string) {
  return request.post<null>('/member/trade/address/delete', { id });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteAddress, onSuccess: () => void client.invalidateQueries({ queryKey: addressKeys.list }) });
}
