import { Tag } from 'antd';
import { ORDER_STATES, orderStatusName } from '@mall/shared';

/** An order's status in the colour of the shared state table. */
export function OrderStatusTag({ status }: { status: string }) {
  const color = (ORDER_STATES as Record<string, { color: string }>)[status]?.color;
  return (
    <Tag color={color} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {orderStatusName(status)}
    </Tag>
  );
}
