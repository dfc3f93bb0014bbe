import { maskName, type ConsoleReview, type GoodsReview } from '@mall/shared';
import { reviewImageUrl } from './review-images.ts';
import type { ReviewRow } from './reviews.repo.ts';

const DAY_MS = 86_400_000;
const urls = (names: string[]) => names.map(reviewImageUrl);

/** A review as the goods page shows it: an anonymous author masked and without avatar, no member id. */
export function presentGoodsReview(r: ReviewRow): GoodsReview {
  return {
    id: r.id,
    authorName: r.anonymous ? maskName(r.authorName) : r.authorName,
    authorAvatar: r.anonymous ? null : r.authorAvatar,
    anonymous: r.anonymous,
    rating: r.rating,
    content: r.content,
    images: urls(r.images),
    specText: r.specText,
    createdAt: r.createdAt.toISOString(),
    followUp:
      r.followUpAt && r.followUpContent !== null
        ? {
            content: r.followUpContent,
            images: urls(r.followUpImages),
            createdAt: r.followUpAt.toISOString(),
            daysAfter: Math.max(0, Math.floor((r.followUpAt.getTime() - r.createdAt.getTime()) / DAY_MS)),
          }
        : null,
    reply: r.replyAt && r.replyContent !== null ? { content: r.replyContent, createdAt: r.replyAt.toISOString() } : null,
  };
}

export function presentConsoleReview(r: ReviewRow): ConsoleReview {
  return {
    id: r.id,
    goodsId: r.goodsId,
    goodsName: r.goodsName,
    goodsImage: r.goodsImage,
    specText: r.specText,
    orderNo: r.orderNo,
    memberId: r.memberId,
    nickname: r.authorName,
    anonymous: r.anonymous,
    rating: r.rating,
    content: r.content,
    images: urls(r.images),
    createdAt: r.createdAt.toISOString(),
    followUp:
      r.followUpAt && r.followUpContent !== null
        ? { content: r.followUpContent, images: urls(r.followUpImages), createdAt: r.followUpAt.toISOString() }
        : null,
    reply:
      r.replyAt && r.replyContent !== null
        ? { content: r.replyContent, createdAt: r.replyAt.toISOString(), by: r.replyBy ?? '' }
        : null,
    hidden: r.hidden && r.hiddenAt ? { reason: r.hiddenReason ?? '', at: r.hiddenAt.toISOString(), by: r.hiddenBy ?? '' } : null,
  };
}
