import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataCopyList, DataCopyView, MarketingConsentView } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { memberKeys } from './memberKeys.ts';

export function getMarketingConsent() {
  return request.get<MarketingConsentView>('/member/user/privacy/consent');
}

export function useMarketingConsent() {
  return useQuery({ queryKey: memberKeys.marketingConsent, queryFn: getMarketingConsent, staleTime: 0 });
}

export function setMarketingConsent(granted: boolean) {
  return request.post<MarketingConsentView>('/member/user/privacy/consent/update', { granted });
}

export function useSetMarketingConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setMarketingConsent,
    onSuccess: (data) => {
      client.setQueryData(memberKeys.marketingConsent, data);
      // 提醒我 on an activity page reads the consent with the member's reminders.
      void client.invalidateQueries({ queryKey: ['activity', 'reminders'] });
    },
  });
}

export function getDataCopies() {
  return request.get<DataCopyList>('/member/user/dataCopy/list');
}

export function useDataCopies() {
  return useQuery({ queryKey: memberKeys.dataCopies, queryFn: getDataCopies, staleTime: 0 });
}

export function createDataCopy() {
  return request.post<DataCopyView>('/member/user/dataCopy/create', {});
}

export function useCreateDataCopy() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDataCopy, onSettled: () => client.invalidateQueries({ queryKey: memberKeys.dataCopies }) });
}

/** Downloads one file of a copy through its signed link and hands it to the browser to save. */
export async function downloadDataCopyFile(url: string) {
  const file = await request.download(url);
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return file.fileName;
}
