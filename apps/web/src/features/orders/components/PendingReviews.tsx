import { useState } from 'react';
import { Button, Pagination, Segmented } from 'antd';
import { Link } from 'react-router';
import type { ReviewTodo } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { EmptyState, Loading } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { TODO_PAGE_SIZE, usePendingReviews, type TodoState } from '../api/reviews.ts';
import { ReviewModal, type ReviewTarget } from './ReviewModal.tsx';

function TodoRow({ todo, onWrite }: { todo: ReviewTodo; onWrite: () => void }) {
  const review = todo.state === 'REVIEW';
  return (
    <div
      data-testid="review-todo"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', padding: '12px 0', borderBottom: '1px solid #f5f5f5' }}
    >
      <GoodsThumb src={todo.image} alt={todo.name} size={64} />
      <div style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Link to={`/goodsDetail?id=${todo.goodsId}`} style={{ color: '#333', overflowWrap: 'anywhere' }}>
          {todo.name}
        </Link>
        {todo.specText ? <div style={{ color: '#6b6b6b', fontSize: 12 }}>{todo.specText}</div> : null}
        <div style={{ color: '#6b6b6b', fontSize: 12, overflowWrap: 'anywhere' }}>
          订单号：<Link to={`/user/order/orderDetail/${todo.orderNo}`}>{todo.orderNo}</Link>
          <span style={{ marginLeft: 8 }}>
            {review ? '评价' : '追评'}截止 {formatTime(todo.deadline, 'YYYY-MM-DD')}
          </span>
        </div>
        {todo.review ? <div style={{ color: '#666', fontSize: 12, marginTop: 4, overflowWrap: 'anywhere' }}>我的评价：{todo.review.content}</div> : null}
      </div>
      <Button type={review ? 'primary' : 'default'} onClick={onWrite} data-testid={review ? 'write-review' : 'write-follow-up'}>
        {review ? '评价晒单' : '追加评价'}
      </Button>
    </div>
  );
}

/** 我的订单's 待评价 tab: received lines waiting for their review, and reviews that may take a 追评. */
export function PendingReviews() {
  const [state, setState] = useState<TodoState>('REVIEW');
  const [pageNum, setPageNum] = useState(1);
  const [target, setTarget] = useState<ReviewTarget | null>(null);
  const todos = usePendingReviews(state, pageNum);
  const data = todos.data;

  return (
    <div>
      <Segmented
        value={state}
        onChange={(v) => {
          setState(v as TodoState);
          setPageNum(1);
        }}
        options={[
          { value: 'REVIEW', label: `待评价${data ? `(${data.counts.REVIEW})` : ''}` },
          { value: 'FOLLOW_UP', label: `待追评${data ? `(${data.counts.FOLLOW_UP})` : ''}` },
        ]}
        aria-label="待评价类型"
      />
      {todos.isLoading ? (
        <Loading />
      ) : todos.isError || !data ? (
        <LoadError error={todos.error} onRetry={() => void todos.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState text={state === 'REVIEW' ? '没有待评价的商品' : '没有可追评的商品'} />
      ) : (
        <div aria-busy={todos.isFetching}>
          {data.list.map((t) => (
            <TodoRow
              key={t.orderItemId}
              todo={t}
              onWrite={() => setTarget({ orderItemId: t.orderItemId, name: t.name, image: t.image, specText: t.specText, mode: t.state })}
            />
          ))}
          <div style={{ display: 'flex', justifyContent: 'flex-end', paddingTop: 12 }}>
            <Pagination current={data.pageNum} pageSize={TODO_PAGE_SIZE} total={data.total} onChange={setPageNum} hideOnSinglePage simple />
          </div>
        </div>
      )}
      <ReviewModal target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

/** The number on the 待评价 tab. */
export function usePendingReviewCount(): number {
  return usePendingReviews('REVIEW', 1).data?.counts.REVIEW ?? 0;
}
