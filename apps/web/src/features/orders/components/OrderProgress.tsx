import { Steps, Timeline } from 'antd';
import { orderStatusName, type OrderDetail } from '@mall/shared';
import { formatTime } from '../../../lib/format.ts';

/** 提交订单 → 付款 → 发货 → 完成 (or 已取消, 已关闭), with the time of each step reached. */
export function OrderSteps({ order }: { order: OrderDetail }) {
  if (order.status === 'CLOSED') {
    // Every unit refunded before shipment: paid, then ended.
    const closedAt = order.timeline.findLast((e) => e.toStatus === 'CLOSED')?.at;
    return (
      <Steps
        size="small"
        current={2}
        status="error"
        items={[
          { title: '提交订单', content: formatTime(order.createdAt, 'MM-DD HH:mm') },
          { title: '付款成功', content: formatTime(order.paidAt, 'MM-DD HH:mm') },
          { title: orderStatusName(order.status), content: formatTime(closedAt, 'MM-DD HH:mm') },
        ]}
      />
    );
  }
  if (order.status === 'CANCELLED') {
    return (
      <Steps
        size="small"
        current={1}
        status="error"
        items={[
          { title: '提交订单', content: formatTime(order.createdAt, 'MM-DD HH:mm') },
          { title: orderStatusName(order.status), content: formatTime(order.cancelledAt, 'MM-DD HH:mm') },
        ]}
      />
    );
  }
  const steps = [
    { title: '提交订单', at: order.createdAt },
    { title: '付款成功', at: order.paidAt },
    { title: '商家发货', at: order.shippedAt },
    { title: '确认收货', at: order.completedAt },
  ];
  const reached = steps.filter((s) => s.at).length;
  return (
    <Steps
      size="small"
      current={reached === steps.length ? steps.length : reached}
      items={steps.map((s) => ({ title: s.title, content: s.at ? formatTime(s.at, 'MM-DD HH:mm') : undefined }))}
    />
  );
}

/** Every event of the order, newest first. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const events = [...order.timeline].reverse();
  return (
    <Timeline
      items={events.map((e, i) => ({
        color: i === 0 ? '#a387bc' : 'gray',
        content: (
          <div>
            <div style={{ color: i === 0 ? '#333' : '#666' }}>
              {e.title}
              {e.note && e.note !== e.title ? <span style={{ color: '#6b6b6b' }}>（{e.note}）</span> : null}
            </div>
            <div style={{ color: '#6b6b6b', fontSize: 12 }}>{formatTime(e.at)}</div>
          </div>
        ),
      }))}
    />
  );
}
