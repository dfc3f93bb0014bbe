import { lazy, Suspense } from 'react';
import { Loading } from '../../../components/Panel.tsx';
import { useGoodsReviews } from '../api/getGoodsReviews.ts';

// The reviews (antd's Rate, Radio, Pagination, Avatar and Image preview) load when their tab is
// first opened, not with the goods page's first screen.
const GoodsReviews = lazy(() => import('./GoodsReviews.tsx').then((m) => ({ default: m.GoodsReviews })));

/** 评价 with the count of shown reviews (the same query as the tab's first page). */
function ReviewsTabLabel({ goodsId }: { goodsId: number }) {
  const total = useGoodsReviews(goodsId, 'ALL', 1).data?.summary.total;
  return <span data-testid="reviews-tab">{total ? `评价(${total})` : '评价'}</span>;
}

/** The goods pages' 评价 tab (PC and phone). */
export const reviewsTab = (goodsId: number) => ({
  key: 'reviews',
  label: <ReviewsTabLabel goodsId={goodsId} />,
  children: (
    <Suspense fallback={<Loading tip="正在加载评价…" />}>
      <GoodsReviews goodsId={goodsId} />
    </Suspense>
  ),
});
