import {
  ACTIVITY_KIND_NAMES,
  ACTIVITY_KINDS,
  type ActivityKind,
  type OrderDiscountPart,
  type OrderLineActivity,
} from '@mall/shared';

/**
 * An order's discounts by kind, from what checkout stored: each line's activity discount under its
 * activity's kind (秒杀优惠, 限时折扣), the coupon's and the points' from the order. Lines placed before
 * lines kept their activity leave the order's activity discount unexplained: it shows as 活动优惠.
 * Only parts that took something off; they sum to activity + coupon + points.
 */
const ACTIVITY_PART_NAMES: Record<ActivityKind, string> = { FLASH_SALE: '秒杀优惠', TIME_DISCOUNT: '限时折扣' };

interface OrderDiscounts {
  activityDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
}

interface LineActivity {
  activityId: number | null;
  activityKind: string | null;
  activityDiscount: number;
}

const isActivityKind = (k: string | null): k is ActivityKind =>
  (ACTIVITY_KINDS as readonly (string | null)[]).includes(k);

export function lineActivity(line: LineActivity): OrderLineActivity | null {
  if (line.activityId === null || !isActivityKind(line.activityKind)) return null;
  return {
    id: line.activityId,
    kind: line.activityKind,
    kindText: ACTIVITY_KIND_NAMES[line.activityKind],
    discount: line.activityDiscount,
  };
}

export function discountParts(order: OrderDiscounts, lines: LineActivity[]): OrderDiscountPart[] {
  const byKind = new Map<ActivityKind, number>();
  for (const l of lines) {
    if (isActivityKind(l.activityKind))
      byKind.set(l.activityKind, (byKind.get(l.activityKind) ?? 0) + l.activityDiscount);
  }
  const explained = [...byKind.values()].reduce((a, b) => a + b, 0);
  const parts: OrderDiscountPart[] = [
    ...ACTIVITY_KINDS.map((kind): OrderDiscountPart => ({
      kind,
      name: ACTIVITY_PART_NAMES[kind],
      amount: byKind.get(kind) ?? 0,
    })),
    { kind: 'ACTIVITY', name: '活动优惠', amount: order.activityDiscount - explained },
    { kind: 'COUPON', name: '优惠券', amount: order.couponDiscount },
    { kind: 'POINTS', name: '积分抵扣', amount: order.pointsDiscount },
  ];
  return parts.filter((p) => p.amount > 0);
}
