import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { engagementKeys } from './engagementKeys.ts';
import type { HistoryEntry, Page } from './types.ts';

const PAGE_SIZE = 40;

export function getHistoryPage(pageNum: number) {
  return request.get<Page<HistoryEntry>>('/member/goods/history/page', { pageNum, pageSize: PAGE_SIZE });
}

/** Newest first, a page at a time (加载更多). */
export function useHistory() {
  return useInfiniteQuery({
    queryKey: engagementKeys.history,
    queryFn: ({ pageParam }) => getHistoryPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    staleTime: 0,
  });
}

export function removeHistory(ids: number[]) {
  return request.post<{ removed: number }>('/member/goods/history/remove', { ids });
}

export function clearHistory() {
  return request.post<{ removed: number }>('/member/goods/history/clear');
}

function useHistoryMutation<A>(fn: (arg: A) => Promise<{ removed: number }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: engagementKeys.history }) });
}

export const useRemoveHistory = () => useHistoryMutation(removeHistory);
export const useClearHistory = () => useHistoryMutation(clearHistory);
