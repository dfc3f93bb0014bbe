import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { searchKeys } from './searchKeys.ts';
import type { SearchQuery, SearchResult } from '../types.ts';

export function searchGoods(query: SearchQuery, signal?: AbortSignal) {
  // Silent: the list page shows a failure itself (the server's message with 重试), not as a toast too.
  return request.post<SearchResult>('/member/search/goods/search', query, { signal, silent: true });
}

/** The previous page stays on screen (dimmed) while the next one loads. */
export function useSearchGoods(query: SearchQuery) {
  return useQuery({
    queryKey: searchKeys.goods(query),
    queryFn: ({ signal }) => searchGoods(query, signal),
    placeholderData: keepPreviousData,
  });
}
