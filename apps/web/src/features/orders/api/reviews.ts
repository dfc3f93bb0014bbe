import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoodsReview, ReviewLineState, ReviewTodoPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { goodsReviewKeys } from '../../../lib/queryKeys.ts';

/** Where review photos go (multipart, field `file`); the reply names the stored image. */
export const REVIEW_UPLOAD_URL = '/member/order/comment/upload';
export const TODO_PAGE_SIZE = 10;

export type TodoState = 'REVIEW' | 'FOLLOW_UP';

const reviewKeys = {
  all: ['trade', 'reviews'] as const,
  pending: (state: TodoState, pageNum: number) => ['trade', 'reviews', 'pending', state, pageNum] as const,
  lineStates: (ids: string[]) => ['trade', 'reviews', 'lineStates', ids] as const,
};

/** Lines waiting for their review or their 追评, with the count of each (the 待评价 tab's number). */
export function usePendingReviews(state: TodoState, pageNum: number) {
  return useQuery({
    queryKey: reviewKeys.pending(state, pageNum),
    queryFn: () =>
      request.get<ReviewTodoPage>(
        '/member/order/comment/pending',
        { state, pageNum, pageSize: TODO_PAGE_SIZE },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** What may still be done for each of these order lines (评价, 追评 or nothing). */
export function useReviewStates(orderItemIds: string[]) {
  return useQuery({
    queryKey: reviewKeys.lineStates(orderItemIds),
    queryFn: () =>
      request.get<Record<string, ReviewLineState>>(
        '/member/order/comment/lineStates',
        { orderItemIds: orderItemIds.join(',') },
        { silent: true },
      ),
    enabled: orderItemIds.length > 0,
    staleTime: 0,
  });
}

export interface ReviewInput {
  orderItemId: string;
  rating: number;
  content: string;
  images: string[];
  anonymous: boolean;
}

export interface FollowUpInput {
  orderItemId: string;
  content: string;
  images: string[];
}

function useReviewMutation<T>(call: (input: T) => Promise<GoodsReview>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Waits for the lists and line states to be read again, so that the dialog closes on the line's
    // new button (评价 → 追评 → 已评价) rather than on the old one for a moment.
    onSuccess: async () => {
      // The goods page's 评价 tab shows it next time it is opened.
      void client.invalidateQueries({ queryKey: goodsReviewKeys.all });
      await client.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

export const useCreateReview = () =>
  useReviewMutation((input: ReviewInput) => request.post<GoodsReview>('/member/order/comment/create', input));

export const useFollowUp = () =>
  useReviewMutation((input: FollowUpInput) => request.post<GoodsReview>('/member/order/comment/followUp', input));
