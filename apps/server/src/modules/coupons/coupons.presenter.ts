import {
  COUPON_CHANNEL_NAMES,
  COUPON_EXPIRING_SOON_DAYS,
  COUPON_SCOPE_NAMES,
  COUPON_TEMPLATE_STATUS_NAMES,
  MEMBER_COUPON_STATUS_NAMES,
  type ClaimableCoupon,
  type CouponChannel,
  type CouponFace,
  type CouponFigures,
  type CouponKind,
  type CouponScope,
  type CouponTemplateStatus,
  type CouponValidityType,
  type MemberCouponView,
  type OpsCouponTemplate,
} from '@mall/shared';
import { effectiveStatus, expiringSoon, faceText, ruleText, thresholdText, type CouponRule } from './coupon-rules.ts';
import type { CouponTemplateRow, FigureRow, MemberCouponRow } from './coupons.repo.ts';

/** Replies are shaped here; a column never leaks by accident. */

export const ruleOf = (t: CouponTemplateRow): CouponRule => ({
  kind: t.kind as CouponKind,
  thresholdFen: t.thresholdFen,
  amountFen: t.amountFen,
  discountPercent: t.discountPercent,
  capFen: t.capFen,
  scope: t.scope as CouponScope,
  scopeIds: t.scopeIds,
});

export function faceOf(t: CouponTemplateRow): CouponFace {
  const rule = ruleOf(t);
  return {
    name: t.name,
    kind: rule.kind,
    thresholdFen: t.thresholdFen,
    amountFen: t.amountFen,
    discountPercent: t.discountPercent,
    capFen: t.capFen,
    ruleText: ruleText(rule),
    faceText: faceText(rule),
    thresholdText: thresholdText(rule),
    scope: rule.scope,
    scopeText: COUPON_SCOPE_NAMES[rule.scope],
    description: t.description,
  };
}

/** 2026.11.25 in Asia/Shanghai. */
export function shanghaiDate(d: Date): string {
  const s = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return `${s.slice(0, 4)}.${s.slice(5, 7)}.${s.slice(8, 10)}`;
}

/** A range as the buyer reads it; the end is exclusive, so its last moment's date is shown. */
export const rangeText = (from: Date, to: Date) => `${shanghaiDate(from)}-${shanghaiDate(new Date(to.getTime() - 1))}`;

export function templateValidityText(t: CouponTemplateRow): string {
  if (t.validityType === 'DAYS') return `领取后${t.validDays}天内有效`;
  return `${rangeText(t.validFrom!, t.validTo!)}有效`;
}

export function presentClaimable(t: CouponTemplateRow, claimedByMe: number): ClaimableCoupon {
  const remaining = Math.max(0, t.totalQuantity - t.claimedCount);
  return {
    ...faceOf(t),
    templateId: t.id,
    validityType: t.validityType as CouponValidityType,
    validFrom: t.validFrom?.toISOString() ?? null,
    validTo: t.validTo?.toISOString() ?? null,
    validDays: t.validDays,
    validityText: templateValidityText(t),
    totalQuantity: t.totalQuantity,
    remaining,
    claimedPercent: t.totalQuantity > 0 ? Math.floor((t.claimedCount * 100) / t.totalQuantity) : 100,
    perMemberLimit: t.perMemberLimit,
    claimedByMe,
    state: claimedByMe >= t.perMemberLimit ? 'CLAIMED' : remaining <= 0 ? 'SOLD_OUT' : 'CLAIMABLE',
  };
}

/** 12月1日起可用: the day in Asia/Shanghai, as validityText shows days; the year only when not this year's. */
export function startText(from: Date, now: Date): string {
  const s = new Date(from.getTime() + 8 * 3_600_000).toISOString();
  const year = s.slice(0, 4) === new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 4) ? '' : `${s.slice(0, 4)}年`;
  return `${year}${Number(s.slice(5, 7))}月${Number(s.slice(8, 10))}日起可用`;
}

export function presentMemberCoupon(c: MemberCouponRow, t: CouponTemplateRow, now = new Date()): MemberCouponView {
  const status = effectiveStatus(c.status, c.validTo, now);
  const notStarted = status === 'UNUSED' && c.validFrom.getTime() > now.getTime();
  return {
    ...faceOf(t),
    id: c.id,
    templateId: c.templateId,
    status,
    statusText: MEMBER_COUPON_STATUS_NAMES[status],
    source: c.source as CouponChannel,
    validFrom: c.validFrom.toISOString(),
    validTo: c.validTo.toISOString(),
    validityText: rangeText(c.validFrom, c.validTo),
    expiringSoon: status === 'UNUSED' && expiringSoon(c.validTo, now, COUPON_EXPIRING_SOON_DAYS),
    notStarted,
    startText: notStarted ? startText(c.validFrom, now) : null,
    claimedAt: c.claimedAt.toISOString(),
    usedAt: c.usedAt?.toISOString() ?? null,
    orderNo: c.orderNo,
  };
}

export function presentFigures(t: CouponTemplateRow, f: FigureRow | undefined): CouponFigures {
  return {
    claimed: t.claimedCount,
    unused: f?.unused ?? 0,
    held: f?.held ?? 0,
    used: f?.used ?? 0,
    expired: f?.expired ?? 0,
    discountFen: f?.discount_fen ?? 0,
    orderAmountFen: f?.order_amount_fen ?? 0,
    remaining: Math.max(0, t.totalQuantity - t.claimedCount),
  };
}

export function presentOpsTemplate(t: CouponTemplateRow, f: FigureRow | undefined): OpsCouponTemplate {
  return {
    ...faceOf(t),
    id: t.id,
    channel: t.channel as CouponChannel,
    channelText: COUPON_CHANNEL_NAMES[t.channel as CouponChannel],
    scopeIds: t.scopeIds,
    validityType: t.validityType as CouponValidityType,
    validFrom: t.validFrom?.toISOString() ?? null,
    validTo: t.validTo?.toISOString() ?? null,
    validDays: t.validDays,
    validityText: templateValidityText(t),
    totalQuantity: t.totalQuantity,
    perMemberLimit: t.perMemberLimit,
    status: t.status as CouponTemplateStatus,
    statusText: COUPON_TEMPLATE_STATUS_NAMES[t.status as CouponTemplateStatus],
    figures: presentFigures(t, f),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
