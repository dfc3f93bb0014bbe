import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { allocate, priceOrder, prorate, type PricingInput } from './pricing.ts';

const FREIGHT = { freeFromFen: 9900, feeFen: 1000 };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('priceOrder, table-driven', () => {
  const cases: { name: string; input: PricingInput; expected: Record<string, number> }[] = [
    {
      name: 'below the free-delivery line pays freight',
      input: { lines: [{ skuId: 'a', quantity: 2, unitPrice: 4000 }], freight: FREIGHT },
      expected: { goodsAmount: 8000, freight: 1000, payable: 9000 },
    },
    {
      name: 'exactly ¥99 ships free',
      input: { lines: [{ skuId: 'a', quantity: 1, unitPrice: 9900 }], freight: FREIGHT },
      expected: { goodsAmount: 9900, freight: 0, payable: 9900 },
    },
    {
      name: 'activity price lowers the goods and can drop below the free line',
      input: { lines: [{ skuId: 'a', quantity: 1, unitPrice: 10000, activityUnitPrice: 8000 }], freight: FREIGHT },
      expected: { goodsAmount: 10000, activityDiscount: 2000, freight: 1000, payable: 9000 },
    },
    {
      name: 'an activity price above the price is ignored',
      input: { lines: [{ skuId: 'a', quantity: 1, unitPrice: 5000, activityUnitPrice: 6000 }], freight: FREIGHT },
      expected: { activityDiscount: 0, payable: 6000 },
    },
    {
      name: 'coupon below its threshold does nothing',
      input: {
        lines: [{ skuId: 'a', quantity: 1, unitPrice: 5000 }],
        coupon: { id: 'c', thresholdFen: 10000, amountFen: 1000 },
        freight: FREIGHT,
      },
      expected: { couponDiscount: 0, payable: 6000 },
    },
    {
      name: 'coupon at its threshold applies, split over lines',
      input: {
        lines: [
          { skuId: 'a', quantity: 1, unitPrice: 3000 },
          { skuId: 'b', quantity: 1, unitPrice: 7000 },
        ],
        coupon: { id: 'c', thresholdFen: 10000, amountFen: 1000 },
        freight: FREIGHT,
      },
      expected: { goodsAmount: 10000, couponDiscount: 1000, freight: 1000, payable: 10000 },
    },
    {
      name: 'points take their amount off, split over the lines after the coupon',
      input: {
        lines: [
          { skuId: 'a', quantity: 1, unitPrice: 3000 },
          { skuId: 'b', quantity: 1, unitPrice: 7000 },
        ],
        coupon: { id: 'c', amountFen: 2000, lineIndexes: [1] },
        points: { points: 4000, amountFen: 4000 },
        freight: FREIGHT,
      },
      expected: { couponDiscount: 2000, pointsDiscount: 4000, pointsUsed: 4000, freight: 1000, payable: 5000 },
    },
    {
      name: '积分抵扣 pays like money: the free-delivery threshold counts the goods before it',
      input: {
        lines: [{ skuId: 'a', quantity: 1, unitPrice: 10000 }],
        points: { points: 200, amountFen: 200 },
        freight: FREIGHT,
      },
      expected: { pointsDiscount: 200, freight: 0, payable: 9800 },
    },
    {
      name: '积分兑换 ships as the goods bought for cash: ¥109 redeemed for points + ¥54.50 ships free',
      input: {
        lines: [{ skuId: 'a', quantity: 1, unitPrice: 10900 }],
        points: { points: 5500, amountFen: 5450 },
        freight: FREIGHT,
      },
      expected: { pointsDiscount: 5450, freight: 0, payable: 5450 },
    },
    {
      name: '积分兑换 of a goods under the threshold pays the freight its cash purchase would',
      input: {
        lines: [{ skuId: 'a', quantity: 1, unitPrice: 5900 }],
        points: { points: 1000, amountFen: 4910 },
        freight: FREIGHT,
      },
      expected: { pointsDiscount: 4910, freight: 1000, payable: 1990 },
    },
    {
      name: 'points never take more than the goods cost after the coupon',
      input: {
        lines: [{ skuId: 'a', quantity: 1, unitPrice: 10000 }],
        coupon: { id: 'c', amountFen: 3000 },
        points: { points: 100000, amountFen: 100000 },
        freight: FREIGHT,
      },
      expected: { couponDiscount: 3000, pointsDiscount: 7000, freight: 1000, payable: 1000 },
    },
    {
      name: 'a redemption: the points cover all but the cash part; two ¥59 goods reach 满 ¥99 免运费 as bought for cash',
      input: {
        lines: [{ skuId: 'a', quantity: 2, unitPrice: 5900 }],
        points: { points: 3000, amountFen: 2 * (5900 - 990) },
        freight: FREIGHT,
      },
      expected: { goodsAmount: 11800, pointsDiscount: 9820, freight: 0, payable: 1980 },
    },
    {
      name: 'an empty order is free and has no freight',
      input: { lines: [], freight: FREIGHT },
      expected: { goodsAmount: 0, freight: 0, payable: 0 },
    },
  ];
  test.each(cases)('$name', ({ input, expected }) => {
    const quote = priceOrder(input);
    for (const [key, value] of Object.entries(expected)) expect(quote[key as keyof typeof quote], key).toBe(value);
  });
});

describe('allocate and prorate, table-driven', () => {
  test.each([
    { amount: 100, weights: [100, 100, 100], allocate: [33, 33, 34], prorate: [33, 33, 34] },
    { amount: 100, weights: [1, 1, 1], allocate: [1, 1, 1], prorate: [33, 33, 34] },
    { amount: 1000, weights: [3000, 7000], allocate: [300, 700], prorate: [300, 700] },
    { amount: 500, weights: [100, 100], allocate: [100, 100], prorate: [250, 250] },
    { amount: 10, weights: [0, 0], allocate: [0, 0], prorate: [5, 5] },
    { amount: 0, weights: [5, 5], allocate: [0, 0], prorate: [0, 0] },
  ])('$amount over $weights', (c) => {
    expect(allocate(c.amount, c.weights)).toEqual(c.allocate);
    expect(prorate(c.amount, c.weights)).toEqual(c.prorate);
  });

  test('exact with amounts and weights whose product passes 2^53', () => {
    const weights = [999 * 99_999_999, 1, 3];
    const shares = prorate(2_000_000_000, weights);
    expect(sum(shares)).toBe(2_000_000_000);
    expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
  });
});

const line = fc.record({
  skuId: fc.string({ minLength: 1, maxLength: 4 }),
  quantity: fc.integer({ min: 1, max: 999 }),
  unitPrice: fc.integer({ min: 0, max: 2_000_000 }),
  activityUnitPrice: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: undefined }),
});
const input = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  coupon: fc.option(
    fc.record({
      id: fc.constant('c'),
      thresholdFen: fc.integer({ min: 0, max: 5_000_000 }),
      amountFen: fc.integer({ min: 0, max: 10_000_000 }),
    }),
    { nil: undefined },
  ),
  points: fc.option(
    fc.record({
      points: fc.integer({ min: 0, max: 10_000_000 }),
      amountFen: fc.integer({ min: 0, max: 10_000_000 }),
    }),
    { nil: undefined },
  ),
  freight: fc.record({ freeFromFen: fc.integer({ min: 0, max: 100_000 }), feeFen: fc.integer({ min: 0, max: 5000 }) }),
});

describe('pricing properties (fast-check)', () => {
  test('line discounts sum to the order discounts, no line below zero, payable never negative', () => {
    fc.assert(
      fc.property(input, (i) => {
        const q = priceOrder(i);
        expect(sum(q.lines.map((l) => l.couponDiscount))).toBe(q.couponDiscount);
        expect(sum(q.lines.map((l) => l.pointsDiscount))).toBe(q.pointsDiscount);
        expect(sum(q.lines.map((l) => l.activityDiscount))).toBe(q.activityDiscount);
        for (const l of q.lines) {
          expect(l.payable).toBeGreaterThanOrEqual(0);
          expect(l.activityDiscount + l.couponDiscount + l.pointsDiscount).toBeLessThanOrEqual(l.goodsAmount);
        }
        expect(q.payable).toBeGreaterThanOrEqual(0);
        expect(q.payable).toBe(sum(q.lines.map((l) => l.payable)) + q.freight);
        expect(q.couponDiscount).toBeLessThanOrEqual(i.coupon?.amountFen ?? 0);
        expect(q.pointsDiscount).toBeLessThanOrEqual(i.points?.amountFen ?? 0);
      }),
      { numRuns: 500 },
    );
  });

  test('points (积分抵扣 or 积分兑换) never make the order cost more, nor change its freight', () => {
    fc.assert(
      fc.property(input, (i) => {
        if (!i.points) return;
        const withPoints = priceOrder(i);
        const without = priceOrder({ ...i, points: undefined });
        expect(withPoints.payable).toBeLessThanOrEqual(without.payable);
        expect(withPoints.freight).toBe(without.freight);
      }),
      { numRuns: 500 },
    );
  });

  test('paid shares (payable incl. freight, prorated) sum exactly to payable and are never negative', () => {
    fc.assert(
      fc.property(input, (i) => {
        const q = priceOrder(i);
        const shares = prorate(
          q.payable,
          q.lines.map((l) => l.payable),
        );
        expect(sum(shares)).toBe(q.payable);
        expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test('allocate: shares sum to min(amount, total), each within its weight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        (amount, weights) => {
          const shares = allocate(amount, weights);
          expect(sum(shares)).toBe(Math.min(amount, sum(weights)));
          shares.forEach((s, k) => {
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(weights[k]!);
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('prorate: a full refund of every line returns exactly what was paid, shares follow weights', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 2_000_000_000 }), { minLength: 1, maxLength: 20 }),
        (amount, weights) => {
          const shares = prorate(amount, weights);
          expect(sum(shares)).toBe(amount);
          expect(shares.every((s) => s >= 0)).toBe(true);
          const total = sum(weights);
          if (total > 0) {
            // Every line but the last gets its floor, within 1 fen of its exact proportion.
            shares
              .slice(0, -1)
              .forEach((s, k) => expect(Math.abs(s - (amount * weights[k]!) / total)).toBeLessThan(1.0001));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('coupon step with a scope (the coupons module computes the discount)', () => {
  test.each([
    {
      name: 'the discount goes to the in-scope lines only, by what they cost',
      lines: [
        { skuId: 'a', quantity: 1, unitPrice: 3000 },
        { skuId: 'b', quantity: 1, unitPrice: 7000 },
        { skuId: 'c', quantity: 2, unitPrice: 1000 },
      ],
      coupon: { id: 'c1', amountFen: 900, lineIndexes: [0, 2] },
      shares: [540, 0, 360],
    },
    {
      name: 'a discount above the in-scope amount is capped at it',
      lines: [
        { skuId: 'a', quantity: 1, unitPrice: 300 },
        { skuId: 'b', quantity: 1, unitPrice: 7000 },
      ],
      coupon: { id: 'c1', amountFen: 5000, lineIndexes: [0] },
      shares: [300, 0],
    },
    {
      name: 'the threshold is read on the in-scope lines, not the whole order',
      lines: [
        { skuId: 'a', quantity: 1, unitPrice: 3000 },
        { skuId: 'b', quantity: 1, unitPrice: 70000 },
      ],
      coupon: { id: 'c1', amountFen: 500, thresholdFen: 5000, lineIndexes: [0] },
      shares: [0, 0],
    },
    {
      name: 'no in-scope line: nothing taken off, no coupon on the quote',
      lines: [{ skuId: 'a', quantity: 1, unitPrice: 3000 }],
      coupon: { id: 'c1', amountFen: 500, lineIndexes: [] },
      shares: [0],
    },
    {
      name: 'after an activity price, the share follows the activity-priced amount',
      lines: [
        { skuId: 'a', quantity: 1, unitPrice: 10000, activityUnitPrice: 5000 },
        { skuId: 'b', quantity: 1, unitPrice: 5000 },
      ],
      coupon: { id: 'c1', amountFen: 1000 },
      shares: [500, 500],
    },
  ])('$name', ({ lines, coupon, shares }) => {
    const q = priceOrder({ lines, coupon, freight: FREIGHT });
    expect(q.lines.map((l) => l.couponDiscount)).toEqual(shares);
    expect(q.couponDiscount).toBe(sum(shares));
    expect(q.couponId).toBe(sum(shares) > 0 ? 'c1' : null);
  });

  test('properties: payable ≥ 0, Σ line coupon discounts = the discount, out-of-scope lines untouched', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        (lines, amountFen, thresholdFen, picks) => {
          const lineIndexes = lines.flatMap((_, i) => (picks[i] ? [i] : []));
          const q = priceOrder({ lines, coupon: { id: 'c', amountFen, thresholdFen, lineIndexes }, freight: FREIGHT });
          const before = priceOrder({ lines, freight: FREIGHT });
          const inScope = sum(lineIndexes.map((i) => before.lines[i]!.payable));
          expect(q.payable).toBeGreaterThanOrEqual(0);
          expect(sum(q.lines.map((l) => l.couponDiscount))).toBe(q.couponDiscount);
          expect(q.couponDiscount).toBe(inScope > 0 && inScope >= thresholdFen ? Math.min(amountFen, inScope) : 0);
          q.lines.forEach((l, i) => {
            if (!lineIndexes.includes(i)) expect(l.couponDiscount).toBe(0);
            expect(l.payable).toBeGreaterThanOrEqual(0);
          });
          // A full refund of every line returns exactly what was paid.
          const paid = prorate(q.payable, q.lines.map((l) => l.payable));
          expect(sum(paid)).toBe(q.payable);
        },
      ),
      { numRuns: 500 },
    );
  });
});
