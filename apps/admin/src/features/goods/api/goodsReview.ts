import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { goodsKeys } from './goodsKeys.ts';
import type { ReviewStatus } from '../../../entities/goods/types.ts';

/** 商品审核 (permission supplier:review): the goods suppliers submitted, approved or rejected by operators. */
export interface ReviewGoodsRow {
  id: number;
  name: string;
  image: string | null;
  storeName: string;
  priceMin: number;
  priceMax: number;
  reviewStatus: ReviewStatus;
  reviewReason: string | null;
  onShelf: boolean;
  /** When the store last saved it (sent it to review). */
  submittedAt: string;
}

export interface ReviewQuery {
  status?: ReviewStatus;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export const reviewKeys = {
  all: [...goodsKeys.all, 'review'] as const,
  page: (q: ReviewQuery) => [...goodsKeys.all, 'review', q] as const,
};

export function useReviewGoodsPage(q: ReviewQuery) {
  return useQuery({
    queryKey: reviewKeys.page(q),
    queryFn: ({ signal }) =>
      request.get<{ list: ReviewGoodsRow[]; total: number; pageNum: number; pageSize: number }>(
        '/ops/goods/review/page',
        Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>,
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

function useReviewWrite<V>(url: string, silent: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => request.post<unknown>(url, v, { silent }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: goodsKeys.all }),
  });
}

/** 通过: approved and on shelf at once; a refusal (already decided) is the request helper's toast. */
export const useApproveGoods = () => useReviewWrite<{ goodsId: number }>('/ops/goods/review/approve', false);
/** 驳回: the dialog shows the refusal itself. */
export const useRejectGoods = () =>
  useReviewWrite<{ goodsId: number; reason: string }>('/ops/goods/review/reject', true);
