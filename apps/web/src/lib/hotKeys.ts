import { useQuery } from '@tanstack/react-query';
import { request } from './request.ts';
import { hotKeysKey } from './queryKeys.ts';

/** Up to 10 hot words: pinned ones first, then what buyers searched in the last 7 days. */
export function getHotKeys() {
  return request.post<string[]>('/member/search/goods/getGoodsHotKeys', {}, { silent: true });
}

export function useHotKeys() {
  return useQuery({ queryKey: hotKeysKey, queryFn: getHotKeys });
}
