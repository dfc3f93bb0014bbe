import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { yuanToFen, type OpsCouponTemplate } from '@mall/shared';
import {
  fenToYuan,
  percentToZhe,
  toCouponRequest,
  toFormValues,
  zheToPercent,
  type CouponFormValues,
} from './coupon-form.ts';

const base: CouponFormValues = {
  name: '全场满199减20',
  description: '',
  kind: 'FULL_REDUCTION',
  thresholdYuan: 199,
  amountYuan: 20,
  scope: 'ALL',
  scopeIds: [],
  validityType: 'DAYS',
  validDays: 7,
  totalQuantity: 100,
  perMemberLimit: 1,
  channel: 'CENTER',
};

describe('yuan ↔ fen', () => {
  it.each([
    ['0', 0],
    [0, 0],
    ['199', 19_900],
    ['9.9', 990],
    ['0.01', 1],
    [19.99, 1999],
    [0.29, 29],
    [1.1, 110],
    ['1.005', null],
    ['-1', null],
    [-0.5, null],
    ['1e3', null],
    ['¥5', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
  ] as const)('%s → %s', (input, want) => expect(yuanToFen(input)).toBe(want));

  it('property: fen → yuan → fen is exact (no float drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toBe(fen);
      }),
    );
  });
});

describe('折 ↔ percent', () => {
  it.each([
    ['8.5', 85],
    [8, 80],
    [9.9, 99],
    [0.1, 1],
    ['0', null],
    [10, null],
    ['8.55', null],
    [-8, null],
    ['八折', null],
    [null, null],
  ] as const)('%s折 → %s', (input, want) => expect(zheToPercent(input)).toBe(want));

  it('property: percent → 折 → percent is exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), (p) => {
        expect(zheToPercent(percentToZhe(p))).toBe(p);
      }),
    );
  });
});

describe('toCouponRequest', () => {
  it('满减 in yuan goes as fen; 无门槛 is threshold 0', () => {
    expect(toCouponRequest(base)).toEqual({
      ok: true,
      request: {
        name: '全场满199减20',
        description: '',
        kind: 'FULL_REDUCTION',
        thresholdFen: 19_900,
        amountFen: 2000,
        scope: 'ALL',
        scopeIds: [],
        validityType: 'DAYS',
        validDays: 7,
        totalQuantity: 100,
        perMemberLimit: 1,
        channel: 'CENTER',
      },
    });
    const free = toCouponRequest({ ...base, thresholdYuan: 0, amountYuan: '5' });
    expect(free.ok && free.request.thresholdFen).toBe(0);
    expect(free.ok && free.request.amountFen).toBe(500);
  });

  it('折扣: 8.5 折 with a cap; the 满减 amount is not sent; the range is Shanghai days, the last included', () => {
    const r = toCouponRequest({
      ...base,
      kind: 'DISCOUNT',
      thresholdYuan: null,
      amountYuan: 20,
      discountZhe: 8.5,
      capYuan: '30',
      scope: 'CATEGORIES',
      scopeIds: [3, 1],
      validityType: 'RANGE',
      validDates: ['2026-12-01', '2026-12-31'],
      channel: 'GOODS',
    });
    expect(r).toMatchObject({
      ok: true,
      request: {
        kind: 'DISCOUNT',
        thresholdFen: 0,
        discountPercent: 85,
        capFen: 3000,
        scopeIds: [3, 1],
        validFrom: '2026-12-01T00:00:00+08:00',
        validTo: '2027-01-01T00:00:00+08:00',
      },
    });
    expect(r.ok && 'amountFen' in r.request).toBe(false);
    expect(r.ok && 'validDays' in r.request).toBe(false);
  });

  it.each<[Partial<CouponFormValues>, keyof CouponFormValues, string]>([
    [{ name: '   ' }, 'name', '请填写优惠券名称'],
    [{ thresholdYuan: -1 }, 'thresholdYuan', '使用门槛须为不小于 0 的金额，最多两位小数'],
    [{ amountYuan: 0 }, 'amountYuan', '请填写减免金额（大于 0，最多两位小数）'],
    [{ amountYuan: '1.234' }, 'amountYuan', '请填写减免金额（大于 0，最多两位小数）'],
    [{ amountYuan: 300 }, 'amountYuan', '减免金额不能大于使用门槛'],
    [{ kind: 'DISCOUNT', discountZhe: 10, capYuan: 30 }, 'discountZhe', '折扣须在 0.1–9.9 折之间，最多一位小数'],
    [{ kind: 'DISCOUNT', discountZhe: 8, capYuan: null }, 'capYuan', '请填写最高优惠金额（大于 0，最多两位小数）'],
    [{ scope: 'GOODS', scopeIds: [] }, 'scopeIds', '请选择适用商品'],
    [{ scope: 'CATEGORIES' }, 'scopeIds', '请选择适用分类'],
    [{ validityType: 'RANGE', validDates: null }, 'validDates', '请选择有效期'],
    [{ validityType: 'RANGE', validDates: ['2026-12-02', '2026-12-01'] }, 'validDates', '结束日期不能早于开始日期'],
    [{ validDays: 0 }, 'validDays', '领取后有效天数为 1–365 天'],
    [{ validDays: 366 }, 'validDays', '领取后有效天数为 1–365 天'],
    [{ totalQuantity: 0 }, 'totalQuantity', '发放总量至少 1 张'],
    [{ perMemberLimit: 5, totalQuantity: 2 }, 'perMemberLimit', '每人限领不能大于发放总量'],
  ])('refuses %o on %s', (patch, field, message) => {
    expect(toCouponRequest({ ...base, ...patch })).toEqual({ ok: false, field, message });
  });

  it('editing: a template read into the form and sent back unchanged is the same rule (its own instants kept)', () => {
    const t = {
      id: 7,
      name: '爆款8.5折',
      description: '限部分商品',
      kind: 'DISCOUNT',
      thresholdFen: 0,
      amountFen: 0,
      discountPercent: 85,
      capFen: 5000,
      scope: 'GOODS',
      scopeIds: [12, 4],
      validityType: 'RANGE',
      validFrom: '2026-11-20T03:17:00.000Z',
      validTo: '2026-12-20T03:17:00.000Z',
      validDays: null,
      totalQuantity: 500,
      perMemberLimit: 2,
      channel: 'GOODS',
    } as unknown as OpsCouponTemplate;
    const r = toCouponRequest(toFormValues(t), t);
    expect(r).toEqual({
      ok: true,
      request: {
        name: '爆款8.5折',
        description: '限部分商品',
        kind: 'DISCOUNT',
        thresholdFen: 0,
        discountPercent: 85,
        capFen: 5000,
        scope: 'GOODS',
        scopeIds: [12, 4],
        validityType: 'RANGE',
        validFrom: '2026-11-20T03:17:00.000Z',
        validTo: '2026-12-20T03:17:00.000Z',
        totalQuantity: 500,
        perMemberLimit: 2,
        channel: 'GOODS',
      },
    });
    // A changed last day is sent as that Shanghai day's end.
    const moved = toCouponRequest({ ...toFormValues(t), validDates: ['2026-11-20', '2026-12-25'] }, t);
    expect(moved.ok && moved.request.validTo).toBe('2026-12-26T00:00:00+08:00');
  });

  it('property: any 满减 typed in yuan goes as the exact fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 100 }), (amountFen, extra) => {
        const thresholdFen = amountFen * extra;
        const r = toCouponRequest({
          ...base,
          thresholdYuan: fenToYuan(thresholdFen),
          amountYuan: fenToYuan(amountFen),
        });
        if (extra === 0) expect(r.ok && r.request.thresholdFen).toBe(0);
        expect(r).toMatchObject({ ok: true, request: { amountFen, thresholdFen } });
      }),
    );
  });
});
