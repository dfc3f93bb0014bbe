import { Tag, Tooltip } from 'antd';
import type { ReviewStatus } from '../../../entities/goods/types.ts';

export const REVIEW_STATUS_NAMES: Record<ReviewStatus, string> = {
  PENDING: '审核中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
};
/** Solid colours dark enough for white text (≥ 4.5:1), as the console's other review tags. */
const COLOR: Record<ReviewStatus, string> = { PENDING: '#ad4e00', APPROVED: '#237804', REJECTED: '#a8071a' };

/** A supplier goods' review state; 已驳回 carries the reason on hover (and beside it where there is room). */
export function ReviewStatusTag({ status, reason }: { status: ReviewStatus; reason?: string | null }) {
  const tag = (
    <Tag color={COLOR[status]} data-testid="review-status">
      {REVIEW_STATUS_NAMES[status]}
    </Tag>
  );
  return status === 'REJECTED' && reason ? <Tooltip title={`驳回原因：${reason}`}>{tag}</Tooltip> : tag;
}
