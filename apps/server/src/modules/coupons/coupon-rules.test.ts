import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  chooseBest,
  discountOf,
  effectiveStatus,
  evaluate,
  expiringSoon,
  ruleText,
  validityOf,
  type CouponLine,
  type CouponRule,
  type HeldCoupon,
} from './coupon-rules.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 86_400_000;
const full = (thresholdFen: number, amountFen: number, extra: Partial<CouponRule> = {}): CouponRule => ({
  kind: 'FULL_REDUCTION',
  thresholdFen,
  amountFen,
  discountPercent: null,
  capFen: null,
  scope: 'ALL',
  scopeIds: [],
  ...extra,
});
const off = (discountPercent: number, capFen: number, extra: Partial<CouponRule> = {}): CouponRule => ({
  kind: 'DISCOUNT',
  thresholdFen: 0,
  amountFen: 0,
  discountPercent,
  capFen,
  scope: 'ALL',
  scopeIds: [],
  ...extra,
});
const held = (rule: CouponRule, extra: Partial<HeldCoupon> = {}): HeldCoupon => ({
  id: 'c',
  rule,
  status: 'UNUSED',
  validFrom: new Date(NOW.getTime() - DAY),
  validTo: new Date(NOW.getTime() + 7 * DAY),
  ...extra,
});
const phone: CouponLine = { goodsId: 1, categoryPath: [10, 11], payableFen: 15000 };
const book: CouponLine = { goodsId: 2, categoryPath: [20, 21], payableFen: 6000 };

describe('ruleText, table-driven', () => {
  test.each([
    [full(19900, 2000), '满199减20'],
    [full(0, 500), '无门槛减5'],
    [full(9950, 1050), '满99.5减10.5'],
    [full(100, 5), '满1减0.05'],
    [off(80, 5000), '8折最高减50'],
    [off(85, 3000, { thresholdFen: 10000 }), '满100打8.5折最高减30'],
    [off(5, 100), '0.5折最高减1'],
  ])('%o reads %s', (rule, words) => expect(ruleText(rule)).toBe(words));
});

describe('discountOf, table-driven', () => {
  test.each([
    { rule: full(19900, 2000), amount: 19899, discount: 0 },
    { rule: full(19900, 2000), amount: 19900, discount: 2000 },
    { rule: full(0, 500), amount: 300, discount: 300 },
    { rule: full(0, 500), amount: 0, discount: 0 },
    { rule: off(80, 5000), amount: 10000, discount: 2000 },
    { rule: off(80, 5000), amount: 100000, discount: 5000 },
    { rule: off(85, 5000), amount: 999, discount: 149 },
    { rule: off(99, 5000), amount: 99, discount: 0 },
  ])('$amount fen with $rule.kind', ({ rule, amount, discount }) => expect(discountOf(rule, amount)).toBe(discount));
});

describe('evaluate: why a coupon can or cannot be used', () => {
  test.each([
    { name: 'usable, all goods', coupon: held(full(19900, 2000)), lines: [phone, book], usable: true, discount: 2000 },
    {
      name: 'threshold on the in-scope goods only',
      coupon: held(full(19900, 2000, { scope: 'CATEGORIES', scopeIds: [10] })),
      lines: [phone, book],
      reason: '未满足使用门槛，还差¥49.00',
      short: 4900,
    },
    {
      name: 'a category high up the tree covers its goods',
      coupon: held(full(10000, 1000, { scope: 'CATEGORIES', scopeIds: [10] })),
      lines: [phone, book],
      usable: true,
      discount: 1000,
    },
    {
      name: 'named goods not in the cart',
      coupon: held(full(0, 500, { scope: 'GOODS', scopeIds: [99] })),
      lines: [phone, book],
      reason: '所选商品不在使用范围',
    },
    {
      name: 'not yet started',
      coupon: held(full(0, 500), { validFrom: new Date(NOW.getTime() + 1000) }),
      lines: [phone],
      reason: '未到使用时间',
    },
    { name: 'expired', coupon: held(full(0, 500), { validTo: NOW }), lines: [phone], reason: '已过期' },
    { name: 'used', coupon: held(full(0, 500), { status: 'USED' }), lines: [phone], reason: '已使用' },
    { name: 'held', coupon: held(full(0, 500), { status: 'HELD' }), lines: [phone], reason: '已被待付款订单占用' },
    { name: '折扣 capped', coupon: held(off(80, 3000)), lines: [phone, book], usable: true, discount: 3000 },
  ])('$name', ({ coupon, lines, usable, discount, reason, short }) => {
    const v = evaluate(coupon, lines, NOW);
    expect(v.usable).toBe(Boolean(usable));
    if (usable) expect(v.discountFen).toBe(discount);
    else {
      expect(v.reason).toBe(reason);
      expect(v.discountFen).toBe(0);
      if (short) expect(v.shortFen).toBe(short);
    }
  });

  test('chooseBest takes the largest discount, then the one ending first', () => {
    const a = held(full(0, 500), { id: 'a' });
    const b = held(full(10000, 2000), { id: 'b', validTo: new Date(NOW.getTime() + 9 * DAY) });
    const c = held(off(80, 2000), { id: 'c', validTo: new Date(NOW.getTime() + 2 * DAY) });
    const d = held(full(0, 99999), { id: 'd', status: 'USED' });
    const options = [a, b, c, d].map((coupon) => ({ coupon, verdict: evaluate(coupon, [phone, book], NOW) }));
    expect(chooseBest(options)?.coupon.id).toBe('c');
    expect(chooseBest(options.slice(0, 1))?.coupon.id).toBe('a');
    expect(chooseBest([options[3]!])).toBeUndefined();
  });

  test('validity: a date range as set, N days from the claim', () => {
    const from = new Date('2026-11-01T00:00:00Z');
    const to = new Date('2026-12-01T00:00:00Z');
    expect(validityOf({ validityType: 'RANGE', validFrom: from, validTo: to, validDays: null }, NOW)).toEqual({
      validFrom: from,
      validTo: to,
    });
    expect(validityOf({ validityType: 'DAYS', validFrom: null, validTo: null, validDays: 7 }, NOW).validTo).toEqual(
      new Date(NOW.getTime() + 7 * DAY),
    );
    expect(expiringSoon(new Date(NOW.getTime() + 2 * DAY), NOW, 3)).toBe(true);
    expect(expiringSoon(new Date(NOW.getTime() + 4 * DAY), NOW, 3)).toBe(false);
    expect(effectiveStatus('UNUSED', NOW, NOW)).toBe('EXPIRED');
    expect(effectiveStatus('USED', NOW, NOW)).toBe('USED');
  });
});

const rule = fc.oneof(
  fc.record({
    kind: fc.constant('FULL_REDUCTION' as const),
    thresholdFen: fc.integer({ min: 0, max: 1_000_000 }),
    amountFen: fc.integer({ min: 1, max: 1_000_000 }),
    discountPercent: fc.constant(null),
    capFen: fc.constant(null),
    scope: fc.constantFrom('ALL' as const, 'CATEGORIES' as const, 'GOODS' as const),
    scopeIds: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('DISCOUNT' as const),
    thresholdFen: fc.integer({ min: 0, max: 1_000_000 }),
    amountFen: fc.constant(0),
    discountPercent: fc.integer({ min: 1, max: 99 }),
    capFen: fc.integer({ min: 1, max: 1_000_000 }),
    scope: fc.constantFrom('ALL' as const, 'CATEGORIES' as const, 'GOODS' as const),
    scopeIds: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
  }),
);
const lines = fc.array(
  fc.record({
    goodsId: fc.integer({ min: 1, max: 6 }),
    categoryPath: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }),
    payableFen: fc.integer({ min: 0, max: 2_000_000 }),
  }),
  { maxLength: 8 },
);

describe('coupon properties (fast-check)', () => {
  test('a usable coupon never takes more than the in-scope amount, its face or cap; an unusable one says why', () => {
    fc.assert(
      fc.property(rule, lines, (r, ls) => {
        const v = evaluate(held(r), ls, NOW);
        const inScopeAmount = v.inScope.reduce((a, i) => a + ls[i]!.payableFen, 0);
        expect(v.inScopeAmount).toBe(inScopeAmount);
        if (v.usable) {
          expect(v.discountFen).toBeGreaterThan(0);
          expect(v.discountFen).toBeLessThanOrEqual(inScopeAmount);
          expect(v.discountFen).toBeLessThanOrEqual(r.kind === 'FULL_REDUCTION' ? r.amountFen : r.capFen!);
          expect(inScopeAmount).toBeGreaterThanOrEqual(r.thresholdFen);
        } else {
          expect(v.reason).toMatch(/[\u4e00-\u9fa5]/);
          expect(v.discountFen).toBe(0);
          if (v.shortFen > 0) expect(v.shortFen).toBe(r.thresholdFen - inScopeAmount);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('the best coupon has the largest discount of the usable ones', () => {
    fc.assert(
      fc.property(fc.array(rule, { minLength: 1, maxLength: 6 }), lines, (rules, ls) => {
        const options = rules.map((r, i) => {
          const coupon = held(r, { id: String(i) });
          return { coupon, verdict: evaluate(coupon, ls, NOW) };
        });
        const best = chooseBest(options);
        const usable = options.filter((o) => o.verdict.usable);
        if (usable.length === 0) expect(best).toBeUndefined();
        else expect(best!.verdict.discountFen).toBe(Math.max(...usable.map((o) => o.verdict.discountFen)));
      }),
      { numRuns: 500 },
    );
  });
});
