import { describe, expect, it } from 'vitest';
import {
  buildRequest,
  discountedFen,
  isoToWall,
  rowPriceFen,
  sessionWindow,
  soldPercent,
  wallToIso,
  activityPriceFen,
  zheToPercent,
  type FormInput,
  type SkuRow,
} from './activity-form.ts';

const row = (p: Partial<SkuRow> = {}): SkuRow => ({
  skuId: 7,
  goodsId: 3,
  goodsName: '保温杯',
  specText: '颜色：白',
  usualPriceFen: 5900,
  goodsStock: 50,
  mode: 'price',
  priceYuan: 19.9,
  zhe: null,
  stock: 10,
  ...p,
});
const input = (p: Partial<FormInput> = {}): FormInput => ({
  kind: 'FLASH_SALE',
  title: ' 十点秒杀 ',
  window: ['2026-11-26 10:00', '2026-11-26 12:00'],
  perMemberLimit: 2,
  rows: [row()],
  ...p,
});

describe('activity form', () => {
  it.each([
    [19.9, 1990],
    [0.01, 1],
    [12.345, null],
    [0, null],
    [-1, null],
    [null, null],
  ])('yuan %s → fen %s', (y, fen) => expect(activityPriceFen(y)).toBe(fen));

  it.each([
    [8.5, 85],
    [8, 80],
    [0.1, 1],
    [9.9, 99],
    [10, null],
    [0, null],
    [8.55, null],
  ])('%s 折 → %s', (zhe, percent) => expect(zheToPercent(zhe)).toBe(percent));

  it('a percent price is floored to the fen, at least 1 fen (the server rule)', () => {
    expect(discountedFen(5900, 85)).toBe(5015);
    expect(discountedFen(999, 85)).toBe(849);
    expect(discountedFen(1, 1)).toBe(1);
    expect(rowPriceFen(row({ mode: 'percent', zhe: 8.5 }), 'TIME_DISCOUNT')).toBe(5015);
    expect(rowPriceFen(row({ mode: 'percent', zhe: 8.5 }), 'FLASH_SALE')).toBe(1990);
    expect(rowPriceFen(row({ priceYuan: null }), 'FLASH_SALE')).toBeNull();
  });

  it('Beijing wall-clock times travel with their offset and read back the same', () => {
    expect(wallToIso('2026-11-26 10:00')).toBe('2026-11-26T10:00:00+08:00');
    expect(isoToWall('2026-11-26T02:00:00.000Z')).toBe('2026-11-26 10:00');
    expect(sessionWindow(20, new Date('2026-11-26T01:00:00Z'))).toEqual(['2026-11-26 20:00', '2026-11-26 22:00']);
    // 23:30 UTC is already the next day in Beijing.
    expect(sessionWindow(10, new Date('2026-11-25T23:30:00Z'))).toEqual(['2026-11-26 10:00', '2026-11-26 12:00']);
  });

  it('a 秒杀 becomes the create call in fen with its stock', () => {
    expect(buildRequest(input())).toEqual({
      ok: true,
      request: {
        kind: 'FLASH_SALE',
        title: '十点秒杀',
        startsAt: '2026-11-26T10:00:00+08:00',
        endsAt: '2026-11-26T12:00:00+08:00',
        perMemberLimit: 2,
        skus: [{ skuId: 7, priceFen: 1990, stock: 10 }],
      },
    });
  });

  it('a 限时折扣 sends a percent or a price, never a stock', () => {
    const r = buildRequest(
      input({
        kind: 'TIME_DISCOUNT',
        perMemberLimit: null,
        rows: [row({ mode: 'percent', zhe: 8.5 }), row({ skuId: 8, priceYuan: 39, stock: null })],
      }),
    );
    expect(r.ok && r.request.skus).toEqual([
      { skuId: 7, percent: 85, stock: 0 },
      { skuId: 8, priceFen: 3900, stock: 0 },
    ]);
    expect(r.ok && r.request.perMemberLimit).toBe(0);
  });

  it('says what is missing, on the field or the SKU it is about', () => {
    expect(buildRequest(input({ title: '  ' }))).toMatchObject({
      ok: false,
      field: 'title',
      message: '请填写活动名称',
    });
    expect(buildRequest(input({ window: null }))).toMatchObject({ ok: false, field: 'window' });
    expect(buildRequest(input({ window: ['2026-11-26 12:00', '2026-11-26 12:00'] }))).toMatchObject({
      ok: false,
      message: '结束时间须晚于开始时间',
    });
    expect(buildRequest(input({ rows: [] }))).toMatchObject({ ok: false, message: '请添加活动商品' });
    expect(buildRequest(input({ rows: [row({ stock: 0 })] }))).toMatchObject({
      ok: false,
      rowErrors: { 7: '秒杀库存至少 1 件' },
    });
    expect(buildRequest(input({ rows: [row({ priceYuan: null })] }))).toMatchObject({
      ok: false,
      rowErrors: { 7: expect.stringContaining('秒杀价') },
    });
    expect(buildRequest(input({ kind: 'TIME_DISCOUNT', rows: [row({ mode: 'percent', zhe: null })] }))).toMatchObject({
      ok: false,
      rowErrors: { 7: expect.stringContaining('折扣') },
    });
  });

  it('已抢 share', () => {
    expect(soldPercent(0, 0)).toBe(0);
    expect(soldPercent(3, 7)).toBe(30);
    expect(soldPercent(10, 0)).toBe(100);
  });
});
