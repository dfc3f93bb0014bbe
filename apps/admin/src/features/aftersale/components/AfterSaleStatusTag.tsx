import { Tag } from 'antd';
import { AFTERSALE_STATES, afterSaleStatusName } from '@mall/shared';

/** An after-sale's status in the colour of the shared state table. */
export function AfterSaleStatusTag({ status }: { status: string }) {
  const color = (AFTERSALE_STATES as Record<string, { color: string }>)[status]?.color;
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {afterSaleStatusName(status)}
    </Tag>
  );
}
