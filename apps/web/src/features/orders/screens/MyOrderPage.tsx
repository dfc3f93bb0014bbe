import { useState } from 'react';
import { Button, Input, Pagination, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, ORDER_TABS, WAITING_ORDER_STATUSES } from '@mall/shared';
import { EmptyState, Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { useOrders } from '../api/getOrders.ts';
import { useReviewStates } from '../api/reviews.ts';
import { OrderCard } from '../components/OrderCard.tsx';
import { PendingReviews, usePendingReviewCount } from '../components/PendingReviews.tsx';
import { ReviewModal, type ReviewTarget } from '../components/ReviewModal.tsx';
import type { OrderTab } from '../types.ts';

/** Counts of tabs where something is still to happen show in red. */
const waiting = (tab: OrderTab) => tab !== 'ALL' && WAITING_ORDER_STATUSES.includes(tab);

/** The tab after the statuses: received lines waiting for their review (评价) or 追评. */
const REVIEW_TAB = 'REVIEW';

/** /user/order/myOrder: tabs with counts (and 待评价), search by goods name, 10 orders a page. The state lives in the URL. */
export default function MyOrderPage() {
  const [params, setParams] = useSearchParams();
  const status: OrderTab = ORDER_TABS.find((t) => t.status === params.get('status'))?.status ?? 'ALL';
  const keyword = params.get('keyword') ?? '';
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(keyword);
  const reviewing = params.get('status') === REVIEW_TAB;
  const orders = useOrders({ status, keyword, pageNum });
  const toReview = usePendingReviewCount();
  const [reviewTarget, setReviewTarget] = useState<ReviewTarget | null>(null);
  const receivedItemIds = (orders.data?.list ?? [])
    .filter((o) => o.status === 'COMPLETED')
    .flatMap((o) => o.items.map((i) => i.id));
  const reviewStates = useReviewStates(receivedItemIds).data;

  const go = (next: { status?: OrderTab | typeof REVIEW_TAB; keyword?: string; page?: number }) => {
    const p = new URLSearchParams();
    const s = next.status ?? (reviewing ? REVIEW_TAB : status);
    const k = next.keyword ?? keyword;
    if (s !== 'ALL') p.set('status', s);
    if (k) p.set('keyword', k);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
  };

  const counts: Partial<Record<OrderTab, number>> = orders.data?.counts ?? {};
  const data = orders.data;

  return (
    <Panel
      title="我的订单"
      extra={
        <Input.Search
          placeholder="搜索商品名称"
          aria-label="搜索订单商品"
          allowClear
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => go({ keyword: v.trim(), page: 1 })}
          style={{ width: 280 }}
          maxLength={50}
        />
      }
    >
      <Tabs
        activeKey={reviewing ? REVIEW_TAB : status}
        onChange={(k) => go({ status: k as OrderTab, page: 1 })}
        items={[
          ...ORDER_TABS.map((t) => ({
            key: t.status,
            label: (
              <span data-testid={`order-tab-${t.status}`}>
                {t.name}
                {counts[t.status] ? (
                  <span style={{ marginLeft: 4, color: waiting(t.status) ? '#d0252b' : undefined }}>
                    ({counts[t.status]})
                  </span>
                ) : null}
              </span>
            ),
          })),
          {
            key: REVIEW_TAB,
            label: (
              <span data-testid="order-tab-REVIEW">
                待评价
                {toReview ? <span style={{ marginLeft: 4, color: '#d0252b' }}>({toReview})</span> : null}
              </span>
            ),
          },
        ]}
      />
      {reviewing ? (
        <PendingReviews />
      ) : orders.isLoading ? (
        <Loading />
      ) : orders.isError || !data ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState
          text={keyword ? `没有找到包含“${keyword}”的订单` : '暂无订单'}
          action={
            <Link to="/">
              <Button type="primary">去逛逛</Button>
            </Link>
          }
        />
      ) : (
        <div style={{ opacity: orders.isFetching ? 0.6 : 1, transition: 'opacity .2s' }} aria-busy={orders.isFetching}>
          {data.list.map((o) => (
            <OrderCard key={o.orderNo} order={o} reviewStates={reviewStates} onReview={setReviewTarget} />
          ))}
          <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Pagination
              current={data.pageNum}
              pageSize={DEFAULT_PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              showTotal={(t) => `共 ${t} 个订单`}
              onChange={(page) => go({ page })}
              hideOnSinglePage
            />
          </div>
        </div>
      )}
      <ReviewModal target={reviewTarget} onClose={() => setReviewTarget(null)} />
    </Panel>
  );
}
