import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { BankInput, CompanyInput, StoreInput, SupplierApplicationView } from '../types.ts';
import { supplierKeys } from './supplierKeys.ts';

export function getApplication() {
  return request.get<SupplierApplicationView | null>('/member/supplier/application');
}

/** The member's application, or null before the first step is saved. */
export function useApplication() {
  return useQuery({ queryKey: supplierKeys.application, queryFn: getApplication, staleTime: 0 });
}

// Saves are silent: a refusal is shown beside its field (or above the buttons), not as a toast.
export const saveCompany = (input: CompanyInput) =>
  request.post<SupplierApplicationView>('/member/supplier/application/company', input, { silent: true });
export const saveBank = (input: BankInput) =>
  request.post<SupplierApplicationView>('/member/supplier/application/bank', input, { silent: true });
export const saveStore = (input: StoreInput) =>
  request.post<SupplierApplicationView>('/member/supplier/application/store', input, { silent: true });
export const submitApplication = () =>
  request.post<SupplierApplicationView>('/member/supplier/application/submit', {}, { silent: true });

/** A save or the submit: the reply is the application as it now stands. */
export function useApplicationMutation<A>(fn: (arg: A) => Promise<SupplierApplicationView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (view) => client.setQueryData(supplierKeys.application, view),
  });
}
