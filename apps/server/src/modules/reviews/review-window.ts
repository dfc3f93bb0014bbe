import type { ReviewLineState } from '@mall/shared';

const DAY_MS = 86_400_000;

/** The site's review periods (site settings reviewDays and followUpDays), counted from completion. */
export interface ReviewPeriods {
  reviewDays: number;
  followUpDays: number;
}

export interface LineFacts {
  orderStatus: string;
  completedAt: Date | null;
  review: { followUpAt: Date | null } | null;
}

export const reviewEndsAt = (completedAt: Date, p: ReviewPeriods) => new Date(completedAt.getTime() + p.reviewDays * DAY_MS);
export const followUpEndsAt = (completedAt: Date, p: ReviewPeriods) =>
  new Date(completedAt.getTime() + p.followUpDays * DAY_MS);

/**
 * What a buyer may still do for an order line: write its review within `reviewDays` of the order's
 * completion (确认收货), then add one 追评 within `followUpDays`; before completion or after the
 * periods nothing (CLOSED), once both are written DONE.
 */
export function lineState(line: LineFacts, p: ReviewPeriods, now = new Date()): ReviewLineState {
  if (line.orderStatus !== 'COMPLETED' || !line.completedAt) return 'CLOSED';
  if (!line.review) return reviewEndsAt(line.completedAt, p) > now ? 'REVIEW' : 'CLOSED';
  if (line.review.followUpAt) return 'DONE';
  return followUpEndsAt(line.completedAt, p) > now ? 'FOLLOW_UP' : 'DONE';
}

/** Why a line cannot take its review now, in the buyer's words (null: it can). */
export function whyNoReview(line: LineFacts, p: ReviewPeriods, now = new Date()): string | null {
  if (line.orderStatus !== 'COMPLETED' || !line.completedAt) return '确认收货后才能评价';
  if (line.review) return null;
  return reviewEndsAt(line.completedAt, p) > now ? null : `已超过评价期限（确认收货后 ${p.reviewDays} 天内可评价）`;
}

/** Why a line cannot take its 追评 now (null: it can). */
export function whyNoFollowUp(line: LineFacts, p: ReviewPeriods, now = new Date()): string | null {
  if (!line.review) return '请先评价该商品';
  if (line.review.followUpAt) return '已追评过了，每条评价只能追评一次';
  if (!line.completedAt || followUpEndsAt(line.completedAt, p) <= now)
    return `已超过追评期限（确认收货后 ${p.followUpDays} 天内可追评）`;
  return null;
}
