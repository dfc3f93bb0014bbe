import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { searchKeys } from './searchKeys.ts';

/** Completions of what was typed, pinyin and initials included (shouji, sj → 手机). */
export function getSimilarWords(keyword: string, signal?: AbortSignal) {
  return request.post<string[]>('/member/search/goods/getSimilarWords', { keyword }, { silent: true, signal });
}

/** `keyword` is already debounced by the caller; an empty one asks nothing. */
export function useSimilarWords(keyword: string) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: searchKeys.similarWords(trimmed),
    queryFn: ({ signal }) => getSimilarWords(trimmed, signal),
    enabled: trimmed.length > 0,
  });
}
