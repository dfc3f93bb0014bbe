import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GoodsReviewPage, ReviewFilter } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { goodsReviewKeys } from '../../../lib/queryKeys.ts';

export const REVIEW_PAGE_SIZE = 10;

export function getGoodsReviews(goodsId: number, filter: ReviewFilter, pageNum: number) {
  return request.get<GoodsReviewPage>(
    '/member/goods/comment/page',
    { goodsId, filter, pageNum, pageSize: REVIEW_PAGE_SIZE },
    { silent: true },
  );
}

/** One page of a goods' reviews under a filter, with the counts of every filter and 好评率. */
export function useGoodsReviews(goodsId: number, filter: ReviewFilter, pageNum: number) {
  return useQuery({
    queryKey: goodsReviewKeys.page(goodsId, filter, pageNum),
    queryFn: () => getGoodsReviews(goodsId, filter, pageNum),
    placeholderData: keepPreviousData,
  });
}
