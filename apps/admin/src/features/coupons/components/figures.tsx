import type { OpsCouponTemplate } from '@mall/shared';

/** 已领 / 已用 / 剩余 of a template, as the list and the detail show them. */
export function UsageFigures({ t }: { t: OpsCouponTemplate }) {
  return (
    <span data-testid="coupon-usage">
      已领 {t.figures.claimed} / 已用 {t.figures.used} / 剩余 {t.figures.remaining}
    </span>
  );
}
