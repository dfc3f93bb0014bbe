import { Button } from 'antd';
import type { OrderItem, ReviewLineState } from '@mall/shared';
import type { ReviewTarget } from './ReviewModal.tsx';

/**
 * The 评价 / 追评 button of a received order line, 已评价 once the review is written and no 追评 is
 * left to add; nothing before receipt or when the line was not reviewed within the period.
 */
export function ItemReview({
  item,
  state,
  onWrite,
}: {
  item: OrderItem;
  state: ReviewLineState | undefined;
  onWrite: (target: ReviewTarget) => void;
}) {
  if (state === 'DONE') {
    return (
      <span style={{ color: '#6b6b6b', fontSize: 12 }} data-testid="item-reviewed">
        已评价
      </span>
    );
  }
  if (state !== 'REVIEW' && state !== 'FOLLOW_UP') return null;
  const target = { orderItemId: item.id, name: item.name, image: item.image, specText: item.specText, mode: state };
  return (
    <Button
      size="small"
      onClick={() => onWrite(target)}
      data-testid={state === 'REVIEW' ? 'item-review' : 'item-follow-up'}
    >
      {state === 'REVIEW' ? '评价' : '追评'}
    </Button>
  );
}
