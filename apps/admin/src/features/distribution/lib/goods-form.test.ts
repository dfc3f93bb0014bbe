import { describe, expect, it } from 'vitest';
import { buildSkus, rowsOf, type SkuRow } from './goods-form.ts';

const row = (p: Partial<SkuRow> = {}): SkuRow => ({
  skuId: 7,
  specText: '颜色：白',
  priceFen: 5900,
  included: true,
  ruleType: 'FIXED',
  amountYuan: 5,
  ratePercent: null,
  ...p,
});

describe('分销商品 form', () => {
  it('a fixed amount in 元 is sent in fen, a rate in % as basis points', () => {
    expect(
      buildSkus('CLASSIC', [
        row({ skuId: 1, amountYuan: 5.29 }),
        row({ skuId: 2, ruleType: 'RATE', amountYuan: 3, ratePercent: 8.5 }),
        row({ skuId: 3, included: false }),
      ]),
    ).toEqual({
      ok: true,
      skus: [
        { skuId: 1, ruleType: 'FIXED', amountFen: 529 },
        { skuId: 2, ruleType: 'RATE', basisPoints: 850 },
      ],
    });
  });

  it('推广 sends only which SKUs', () => {
    expect(buildSkus('PROMOTER', [row({ skuId: 1 }), row({ skuId: 2, included: false })])).toEqual({
      ok: true,
      skus: [{ skuId: 1 }],
    });
  });

  it('nothing chosen is refused', () => {
    expect(buildSkus('CLASSIC', [row({ included: false })])).toMatchObject({
      ok: false,
      message: '请至少选择一个规格',
    });
  });

  it.each([
    [{ amountYuan: null }, '请填写固定佣金'],
    [{ amountYuan: 0 }, '固定佣金须大于 0'],
    [{ amountYuan: -1 }, '固定佣金须大于 0'],
    [{ amountYuan: 0.001 }, '固定佣金最多两位小数'],
    [{ amountYuan: 59.01 }, '固定佣金不能高于售价 ¥59.00'],
    [{ ruleType: 'RATE' as const, ratePercent: null }, '请填写佣金比例'],
    [{ ruleType: 'RATE' as const, ratePercent: 0 }, '佣金比例须在 0.01%–50% 之间'],
    [{ ruleType: 'RATE' as const, ratePercent: 50.01 }, '佣金比例须在 0.01%–50% 之间'],
    [{ ruleType: 'RATE' as const, ratePercent: 0.005 }, '佣金比例须在 0.01%–50% 之间'],
  ])('%o is refused on its row: %s', (p, message) => {
    expect(buildSkus('CLASSIC', [row(p)])).toEqual({
      ok: false,
      message: '有 1 个规格的佣金需要修改',
      rowErrors: { 7: message },
    });
  });

  it('the edges are accepted: the whole price, 0.01 % and 50 %', () => {
    expect(buildSkus('CLASSIC', [row({ amountYuan: 59 })])).toMatchObject({ ok: true });
    expect(buildSkus('CLASSIC', [row({ ruleType: 'RATE', ratePercent: 0.01 })])).toMatchObject({ ok: true });
    expect(buildSkus('CLASSIC', [row({ ruleType: 'RATE', ratePercent: 50 })])).toMatchObject({ ok: true });
  });

  it('editing starts from the saved rules; a new goods has every SKU chosen', () => {
    const goods = {
      id: 3,
      name: '保温杯',
      skus: [
        { id: 1, specs: { 颜色: '白' }, price: 5900, stock: 5 },
        { id: 2, specs: { 颜色: '黑' }, price: 6900, stock: 5 },
      ],
    };
    expect(rowsOf(goods, undefined).map((r) => [r.skuId, r.included, r.specText])).toEqual([
      [1, true, '颜色：白'],
      [2, true, '颜色：黑'],
    ]);
    const saved = {
      goodsId: 3,
      goodsName: '保温杯',
      image: null,
      onShelf: true,
      skus: [
        {
          skuId: 2,
          specText: '颜色：黑',
          priceFen: 6900,
          ruleType: 'RATE' as const,
          amountFen: null,
          basisPoints: 850,
          ruleText: '8.5%',
          commissionFen: 586,
        },
      ],
    };
    expect(rowsOf(goods, saved).map((r) => [r.skuId, r.included, r.ruleType, r.ratePercent])).toEqual([
      [1, false, 'FIXED', null],
      [2, true, 'RATE', 8.5],
    ]);
  });
});
