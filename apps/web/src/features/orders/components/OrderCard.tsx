import { Link } from 'react-router';
import { formatFen, ORDER_STATES, orderStatusName, type OrderSummary, type ReviewLineState } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { formatCountdown, formatTime, useSecondsLeft } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { shownOrderActions } from '../lib/afterSale.ts';
import { ItemAfterSale } from './ItemAfterSale.tsx';
import { ItemReview } from './ItemReview.tsx';
import { OrderActions } from './OrderActions.tsx';
import type { ReviewTarget } from './ReviewModal.tsx';

function PayLeft({ deadline }: { deadline: string }) {
  const left = useSecondsLeft(deadline);
  return left > 0 ? <div style={{ color: '#ad4e00', fontSize: 12 }}>剩余 {formatCountdown(left)}</div> : null;
}

/** One order in the list: its items (with their after-sale state), amount, status and the actions of its state. */
export function OrderCard({
  order,
  reviewStates,
  onReview,
}: {
  order: OrderSummary;
  /** 评价 / 追评 of received lines (the list asks for all its lines at once). */
  reviewStates?: Record<string, ReviewLineState>;
  onReview?: (target: ReviewTarget) => void;
}) {
  const detail = `/user/order/orderDetail/${order.orderNo}`;
  // On a phone the amount and the actions go under the goods instead of beside them.
  const phone = useIsPhone();
  const side = (width: number): React.CSSProperties =>
    phone ? { borderTop: '1px solid #f0f0f0' } : { width, borderLeft: '1px solid #f0f0f0' };
  return (
    <div
      style={{ border: '1px solid #eee', borderRadius: 8, marginBottom: 16, overflow: 'hidden' }}
      data-testid="order-card"
    >
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: phone ? 8 : 24,
          alignItems: 'center',
          background: '#F3F3F3',
          color: '#666666',
          padding: phone ? '8px 12px' : '10px 16px',
          fontSize: 13,
        }}
      >
        <span>{formatTime(order.createdAt)}</span>
        <span>
          订单号：<Link to={detail}>{order.orderNo}</Link>
        </span>
        <span style={{ flex: 1 }} />
        <span
          style={{ color: ORDER_STATES[order.status]?.color ?? '#666', fontWeight: 600 }}
          data-testid="order-status"
        >
          {orderStatusName(order.status)}
        </span>
      </div>
      <div style={{ display: 'flex', flexDirection: phone ? 'column' : 'row' }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          {order.items.map((i) => (
            <div
              key={i.id}
              style={{
                display: 'flex',
                gap: 12,
                padding: '12px 16px',
                borderBottom: '1px solid #f5f5f5',
                alignItems: 'center',
              }}
            >
              <GoodsThumb src={i.image} alt={i.name} size={64} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Link to={`/goodsDetail?id=${i.goodsId}`} style={{ color: '#333' }} data-testid="order-item-name">
                  {i.name}
                </Link>
                {i.specText ? <div style={{ color: '#6b6b6b', fontSize: 12 }}>{i.specText}</div> : null}
                {i.afterSale ? (
                  <div style={{ marginTop: 4, fontSize: 12 }}>
                    <ItemAfterSale item={i} actions={order.actions} />
                  </div>
                ) : null}
                {onReview && reviewStates?.[i.id] ? (
                  <div style={{ marginTop: 4 }}>
                    <ItemReview item={i} state={reviewStates[i.id]} onWrite={onReview} />
                  </div>
                ) : null}
              </div>
              <div style={{ width: phone ? 'auto' : 110, textAlign: 'right', color: '#666', whiteSpace: 'nowrap' }}>
                {formatFen(i.unitPrice)} × {i.quantity}
              </div>
            </div>
          ))}
        </div>
        <div
          style={{
            ...side(170),
            display: 'flex',
            flexDirection: phone ? 'row' : 'column',
            flexWrap: 'wrap',
            justifyContent: phone ? 'flex-end' : 'center',
            alignItems: 'center',
            gap: phone ? 8 : 4,
            padding: 12,
          }}
        >
          <div style={{ color: '#6b6b6b', fontSize: 12 }}>共 {order.totalQuantity} 件</div>
          <div style={{ fontWeight: 600, color: '#333' }}>{formatFen(order.payableAmount)}</div>
          <div style={{ color: '#6b6b6b', fontSize: 12 }}>
            {order.freight ? `含运费 ${formatFen(order.freight)}` : '免运费'}
          </div>
          {order.payDeadline ? <PayLeft deadline={order.payDeadline} /> : null}
          <Link to={detail} style={{ fontSize: 12 }}>
            订单详情
          </Link>
        </div>
        <div
          style={{
            ...side(230),
            display: 'flex',
            alignItems: 'center',
            justifyContent: phone ? 'flex-end' : 'center',
            padding: 12,
          }}
        >
          <OrderActions orderNo={order.orderNo} actions={shownOrderActions(order)} size="small" />
        </div>
      </div>
    </div>
  );
}
