import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleReview, ConsoleReviewPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';

export type ReviewStatusTab = 'ALL' | 'SHOWN' | 'HIDDEN' | 'UNREPLIED';
export type ReviewLevelFilter = 'ALL' | 'GOOD' | 'MEDIUM' | 'BAD';

export interface ReviewQuery {
  status: ReviewStatusTab;
  level: ReviewLevelFilter;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

const reviewKeys = {
  all: ['ops', 'reviews'] as const,
  page: (q: ReviewQuery) => ['ops', 'reviews', 'page', q] as const,
};

/** 评价管理's table, newest first. Silent: the table shows a failure with 重试. */
export function useReviewPage(q: ReviewQuery) {
  return useQuery({
    queryKey: reviewKeys.page(q),
    queryFn: ({ signal }) => request.get<ConsoleReviewPage>('/ops/review/page', { ...q }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A write on one review; the table is read again after. Dialogs (hide, reply) call silently and show
 * the server's message themselves; 恢复显示 (a confirm button) leaves a refusal to the toast.
 */
function useReviewAction<V>(url: string, silent = true) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => request.post<ConsoleReview>(url, v, { silent }),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export const useHideReview = () => useReviewAction<{ id: string; reason: string }>('/ops/review/hide');
export const useShowReview = () => useReviewAction<{ id: string }>('/ops/review/show', false);
export const useReplyReview = () => useReviewAction<{ id: string; content: string }>('/ops/review/reply');
