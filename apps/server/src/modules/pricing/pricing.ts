/**
 * The pricing pipeline: a quote passes through steps in a fixed order
 * (goods price → activity price → coupon → points → freight). Each step is a pure function, so a
 * later promotion plugs in as one more step without touching the others. All amounts are fen.
 */
export interface PricingLine {
  skuId: string;
  quantity: number;
  /** The SKU's price now, read from the database by the caller. */
  unitPrice: number;
  /** An activity's unit price for this SKU, when one applies and is lower. */
  activityUnitPrice?: number;
}

/**
 * The coupon applied to a quote. The coupons module computes its discount (满减 amount, or 折扣
 * percent up to its cap) and the lines in its scope; this step allocates that discount to those
 * lines only, in proportion to what they cost, so a later refund of a line returns exactly its part.
 */
export interface CouponUse {
  id: string;
  /** The discount (fen); capped here at what the in-scope lines cost. */
  amountFen: number;
  /** In-scope goods amount (after activity prices) that must be reached; 0 or absent: none. */
  thresholdFen?: number;
  /** Indexes of the lines in the coupon's scope; every line when absent. */
  lineIndexes?: readonly number[];
}
/** The earlier name of CouponUse (a 满减 over every line). */
export type FullReductionCoupon = CouponUse;

/**
 * Points spent on the order. The points module decides how many and what they are worth (积分抵扣:
 * the rate and the cap; 积分兑换: the goods' price less its cash part); this step allocates that
 * amount to the lines in proportion to what they cost after the coupon, capped at that.
 */
export interface PointsUse {
  points: number;
  /** What the points take off, fen. */
  amountFen: number;
}

export interface FreightRule {
  /** Goods amount (after discounts) from which delivery is free. */
  freeFromFen: number;
  feeFen: number;
}

export interface PricingInput {
  lines: PricingLine[];
  coupon?: CouponUse;
  points?: PointsUse;
  freight: FreightRule;
}

export interface QuoteLine extends PricingLine {
  /** unitPrice × quantity. */
  goodsAmount: number;
  activityDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  /** What this line costs after its discounts (freight excluded). */
  payable: number;
}

export interface Quote {
  lines: QuoteLine[];
  goodsAmount: number;
  activityDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  pointsUsed: number;
  couponId: string | null;
  freight: number;
  payable: number;
}

export type PricingStep = (quote: Quote, input: PricingInput) => Quote;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** floor(a × b / c) exactly, even when a × b passes 2^53 (large amounts × large weights). */
function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) return Math.floor(product / c);
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}
const linePayable = (l: QuoteLine) => l.goodsAmount - l.activityDiscount - l.couponDiscount - l.pointsDiscount;

/** Recomputes the totals from the lines, so every step only has to change lines. */
function totals(quote: Quote): Quote {
  const lines = quote.lines.map((l) => ({ ...l, payable: linePayable(l) }));
  const goodsAmount = sum(lines.map((l) => l.goodsAmount));
  const activityDiscount = sum(lines.map((l) => l.activityDiscount));
  const couponDiscount = sum(lines.map((l) => l.couponDiscount));
  const pointsDiscount = sum(lines.map((l) => l.pointsDiscount));
  return {
    ...quote,
    lines,
    goodsAmount,
    activityDiscount,
    couponDiscount,
    pointsDiscount,
    payable: goodsAmount - activityDiscount - couponDiscount - pointsDiscount + quote.freight,
  };
}

/**
 * Splits `amount` over lines in proportion to `weights`, each floored; the remainder goes to the
 * last line that still has room, so no line's share exceeds its weight and the shares sum to `amount`.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = sum(weights);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const capped = Math.min(amount, total);
  const shares = weights.map((w) => mulDivFloor(capped, w, total));
  let remainder = capped - sum(shares);
  for (let i = weights.length - 1; i >= 0 && remainder > 0; i--) {
    const room = weights[i]! - shares[i]!;
    const add = Math.min(room, remainder);
    shares[i]! += add;
    remainder -= add;
  }
  return shares;
}

export const goodsPriceStep: PricingStep = (_quote, input) =>
  totals({
    lines: input.lines.map((l) => ({
      ...l,
      goodsAmount: l.unitPrice * l.quantity,
      activityDiscount: 0,
      couponDiscount: 0,
      pointsDiscount: 0,
      payable: 0,
    })),
    goodsAmount: 0,
    activityDiscount: 0,
    couponDiscount: 0,
    pointsDiscount: 0,
    pointsUsed: 0,
    couponId: null,
    freight: 0,
    payable: 0,
  });

export const activityPriceStep: PricingStep = (quote) =>
  totals({
    ...quote,
    lines: quote.lines.map((l) => {
      const activity = l.activityUnitPrice;
      if (activity === undefined || activity >= l.unitPrice || activity < 0) return l;
      return { ...l, activityDiscount: (l.unitPrice - activity) * l.quantity };
    }),
  });

export const couponStep: PricingStep = (quote, input) => {
  const coupon = input.coupon;
  if (!coupon) return quote;
  const covered = coupon.lineIndexes ? new Set(coupon.lineIndexes) : undefined;
  // Lines outside the scope weigh nothing, so they get no share of the discount.
  const base = quote.lines.map((l, i) => (!covered || covered.has(i) ? linePayable(l) : 0));
  const inScope = sum(base);
  if (inScope <= 0 || inScope < (coupon.thresholdFen ?? 0) || coupon.amountFen <= 0) return quote;
  const shares = allocate(coupon.amountFen, base);
  return totals({
    ...quote,
    couponId: coupon.id,
    lines: quote.lines.map((l, i) => ({ ...l, couponDiscount: shares[i]! })),
  });
};

export const pointsStep: PricingStep = (quote, input) => {
  const use = input.points;
  if (!use || use.points <= 0 || use.amountFen <= 0) return quote;
  const shares = allocate(use.amountFen, quote.lines.map(linePayable));
  return totals({
    ...quote,
    pointsUsed: use.points,
    lines: quote.lines.map((l, i) => ({ ...l, pointsDiscount: shares[i]! })),
  });
};

/**
 * Points pay like money: the free-delivery threshold counts the goods before them. So 积分抵扣 never
 * adds freight, and a 积分兑换 ships as the same goods bought for cash would (a ¥109 goods redeemed
 * for 5500 积分 + ¥54.50 ships free, as it does when bought).
 */
export const freightStep: PricingStep = (quote, input) => {
  const goodsPayable = sum(quote.lines.map(linePayable)) + quote.pointsDiscount;
  const freight = quote.lines.length === 0 || goodsPayable >= input.freight.freeFromFen ? 0 : input.freight.feeFen;
  return totals({ ...quote, freight });
};

export const PIPELINE: PricingStep[] = [goodsPriceStep, activityPriceStep, couponStep, pointsStep, freightStep];

export function priceOrder(input: PricingInput, steps: PricingStep[] = PIPELINE): Quote {
  return steps.reduce<Quote>((quote, step) => step(quote, input), undefined as unknown as Quote);
}

/**
 * Splits `amount` over lines in proportion to `weights` (each floored, the remainder to the last
 * line), with no cap per line. Used for an order's paid shares: the payable includes freight, so
 * a line's share may exceed its own payable, and the shares must still sum exactly to `amount`.
 * With no weight at all (every line free), the amount is split evenly.
 */
export function prorate(amount: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  if (amount <= 0) return weights.map(() => 0);
  const total = sum(weights);
  const w = total > 0 ? weights : weights.map(() => 1);
  const t = total > 0 ? total : weights.length;
  const shares = w.map((x) => mulDivFloor(amount, x, t));
  shares[shares.length - 1]! += amount - sum(shares);
  return shares;
}
