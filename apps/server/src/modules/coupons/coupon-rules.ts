/**
 * The money rules of coupons, as pure functions: whether a coupon applies to a cart, what it takes
 * off, why it cannot be used, which one is best, and its rule in words. All amounts are integer fen.
 */
import { formatFen, zheText, type CouponKind, type CouponScope } from '@mall/shared';

export interface CouponRule {
  kind: CouponKind;
  /** On the in-scope goods amount; 0 = 无门槛. */
  thresholdFen: number;
  /** 满减's amount off. */
  amountFen: number;
  /** 折扣: share paid in percent (80 = 8折). */
  discountPercent: number | null;
  /** 折扣: the most it takes off. */
  capFen: number | null;
  scope: CouponScope;
  /** Category ids (any goods under them) or goods ids, by scope. */
  scopeIds: readonly number[];
}

export interface HeldCoupon {
  id: string;
  rule: CouponRule;
  /** UNUSED, HELD, USED or EXPIRED as stored. */
  status: string;
  validFrom: Date;
  validTo: Date;
}

/** A cart or order line as coupons see it: its goods, the goods' category path, what it costs now. */
export interface CouponLine {
  goodsId: number;
  /** The goods' category and every ancestor. */
  categoryPath: readonly number[];
  /** After activity prices, before any coupon (fen). */
  payableFen: number;
}

export type Verdict =
  | { usable: true; discountFen: number; inScope: number[]; inScopeAmount: number; shortFen: 0; reason: null }
  | { usable: false; discountFen: 0; inScope: number[]; inScopeAmount: number; shortFen: number; reason: string };

/** Yuan without trailing zeros, for rules in words: 19900 → 199, 1990 → 19.9, 5 → 0.05. */
export function yuan(fen: number): string {
  const whole = Math.floor(fen / 100);
  const cents = fen % 100;
  if (cents === 0) return String(whole);
  return cents % 10 === 0 ? `${whole}.${cents / 10}` : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** 满199减20, 无门槛减5, 8折最高减50, 满100打8.5折最高减30. */
export function ruleText(rule: Pick<CouponRule, 'kind' | 'thresholdFen' | 'amountFen' | 'discountPercent' | 'capFen'>): string {
  if (rule.kind === 'FULL_REDUCTION') {
    return rule.thresholdFen > 0 ? `满${yuan(rule.thresholdFen)}减${yuan(rule.amountFen)}` : `无门槛减${yuan(rule.amountFen)}`;
  }
  const off = `${zheText(rule.discountPercent ?? 100)}最高减${yuan(rule.capFen ?? 0)}`;
  return rule.thresholdFen > 0 ? `满${yuan(rule.thresholdFen)}打${off}` : off;
}

/** The big figure: ¥20 or 8折. */
export const faceText = (rule: Pick<CouponRule, 'kind' | 'amountFen' | 'discountPercent'>) =>
  rule.kind === 'FULL_REDUCTION' ? `¥${yuan(rule.amountFen)}` : zheText(rule.discountPercent ?? 100);

export const thresholdText = (rule: Pick<CouponRule, 'thresholdFen'>) =>
  rule.thresholdFen > 0 ? `满${yuan(rule.thresholdFen)}可用` : '无门槛';

/** Whether a line's goods fall in the coupon's scope. */
export function inScope(rule: Pick<CouponRule, 'scope' | 'scopeIds'>, line: Pick<CouponLine, 'goodsId' | 'categoryPath'>) {
  if (rule.scope === 'ALL') return true;
  if (rule.scope === 'GOODS') return rule.scopeIds.includes(line.goodsId);
  return line.categoryPath.some((c) => rule.scopeIds.includes(c));
}

/**
 * What the coupon takes off `inScopeAmount` once the threshold is met: 满减 its amount, 折扣 the
 * share not paid (floored to the fen) up to its cap; never more than the in-scope amount itself.
 */
export function discountOf(rule: CouponRule, inScopeAmount: number): number {
  if (inScopeAmount <= 0 || inScopeAmount < rule.thresholdFen) return 0;
  const raw =
    rule.kind === 'FULL_REDUCTION'
      ? rule.amountFen
      : Math.min(
          rule.capFen ?? 0,
          Math.floor((inScopeAmount * (100 - Math.min(100, Math.max(0, rule.discountPercent ?? 100)))) / 100),
        );
  return Math.max(0, Math.min(raw, inScopeAmount));
}

const DAY_MS = 86_400_000;

/** Whether an unused coupon may be used at `now` on these lines, and if so what it takes off. */
export function evaluate(coupon: HeldCoupon, lines: readonly CouponLine[], now: Date): Verdict {
  const idx = lines.flatMap((l, i) => (inScope(coupon.rule, l) ? [i] : []));
  const amount = idx.reduce((a, i) => a + lines[i]!.payableFen, 0);
  const no = (reason: string, shortFen = 0): Verdict => ({
    usable: false,
    discountFen: 0,
    inScope: idx,
    inScopeAmount: amount,
    shortFen,
    reason,
  });
  if (coupon.status === 'USED') return no('已使用');
  if (coupon.status === 'HELD') return no('已被待付款订单占用');
  if (coupon.status === 'EXPIRED' || now.getTime() >= coupon.validTo.getTime()) return no('已过期');
  if (now.getTime() < coupon.validFrom.getTime()) return no('未到使用时间');
  if (idx.length === 0) return no('所选商品不在使用范围');
  if (amount < coupon.rule.thresholdFen) {
    const short = coupon.rule.thresholdFen - amount;
    return no(`未满足使用门槛，还差${formatFen(short)}`, short);
  }
  const discountFen = discountOf(coupon.rule, amount);
  if (discountFen <= 0) return no('所选商品金额为零，无需使用优惠券');
  return { usable: true, discountFen, inScope: idx, inScopeAmount: amount, shortFen: 0, reason: null };
}

/** The best usable coupon: the largest discount, then the one ending first, then by id. */
export function chooseBest<T extends { coupon: HeldCoupon; verdict: Verdict }>(options: readonly T[]): T | undefined {
  return options
    .filter((o) => o.verdict.usable)
    .sort(
      (a, b) =>
        b.verdict.discountFen - a.verdict.discountFen ||
        a.coupon.validTo.getTime() - b.coupon.validTo.getTime() ||
        (a.coupon.id < b.coupon.id ? -1 : a.coupon.id > b.coupon.id ? 1 : 0),
    )[0];
}

/** A coupon claimed at `claimedAt`: its validity, from the template's date range or N days on. */
export function validityOf(
  t: { validityType: string; validFrom: Date | null; validTo: Date | null; validDays: number | null },
  claimedAt: Date,
): { validFrom: Date; validTo: Date } {
  if (t.validityType === 'RANGE') return { validFrom: t.validFrom!, validTo: t.validTo! };
  return { validFrom: claimedAt, validTo: new Date(claimedAt.getTime() + (t.validDays ?? 0) * DAY_MS) };
}

/** Unused and ending within `days` days of `now`. */
export const expiringSoon = (validTo: Date, now: Date, days: number) =>
  validTo.getTime() > now.getTime() && validTo.getTime() - now.getTime() <= days * DAY_MS;

/** What a member's stored coupon reads as now: an unused one past its end is 已过期. */
export function effectiveStatus(status: string, validTo: Date, now: Date): 'UNUSED' | 'HELD' | 'USED' | 'EXPIRED' {
  if (status === 'UNUSED' && validTo.getTime() <= now.getTime()) return 'EXPIRED';
  return status as 'UNUSED' | 'HELD' | 'USED' | 'EXPIRED';
}

/** The status a coupon goes back to when its order no longer uses it. */
export const returnedStatus = (validTo: Date, now: Date) => (validTo.getTime() > now.getTime() ? 'UNUSED' : 'EXPIRED');

/**
 * A member coupon's state table. Every move is one conditional UPDATE on `from` (repo.move), so a
 * race or a double click moves it once. Going back lands on UNUSED, or EXPIRED past its end.
 */
export const COUPON_TRANSITIONS = {
  /** An order placed with it (checkout, in the order's transaction). */
  hold: { from: 'UNUSED' as const, to: 'HELD' as const },
  /** Its order paid. */
  use: { from: 'HELD' as const, to: 'USED' as const },
  /** Its unpaid order cancelled (by the buyer, an operator or the pay timeout). */
  release: { from: 'HELD' as const, to: 'RETURNED' as const },
  /** Its paid order wholly refunded. */
  giveBack: { from: 'USED' as const, to: 'RETURNED' as const },
} as const;
export type CouponTransition = keyof typeof COUPON_TRANSITIONS;
