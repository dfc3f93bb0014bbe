import { Tag } from 'antd';
import { formatFen } from '@mall/shared';
import type { CartLine } from '../types.ts';

/** A line priced by a running 限时折扣: its tag and the usual price struck through (nothing otherwise). */
export function LineActivity({ line }: { line: CartLine }) {
  if (!line.activity || line.usualPrice <= line.price) return null;
  return (
    <div style={{ fontSize: 12, marginTop: 2 }} data-testid="cart-line-activity">
      <Tag color="red" style={{ marginInlineEnd: 4 }} title={line.activity.title}>
        {line.activity.kindText}
      </Tag>
      <s style={{ color: '#666' }} aria-label={`原价 ${formatFen(line.usualPrice)}`}>
        {formatFen(line.usualPrice)}
      </s>
    </div>
  );
}
