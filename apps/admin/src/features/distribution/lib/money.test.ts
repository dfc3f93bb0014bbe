import { describe, expect, it } from 'vitest';
import { yuanToFen } from '@mall/shared';
import {
  basisPointsText,
  basisPointsToPercent,
  fenToYuan,
  percentToBasisPoints,
  unitCommissionFen,
} from './money.ts';

describe('元 ↔ 分', () => {
  it.each([
    [0.01, 1],
    [0.29, 29],
    [1.1, 110],
    [12.34, 1234],
    [19.99, 1999],
    [100, 10_000],
    [0, 0],
    [1_000_000, 100_000_000],
  ])('%s 元 is %s 分 and back', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
    expect(fenToYuan(fen)).toBe(yuan);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 1.234, 0.001])('%s is not an amount', (v) => {
    expect(yuanToFen(v)).toBeNull();
  });
});

describe('% ↔ basis points', () => {
  it.each([
    [0.01, 1],
    [0.29, 29],
    [5, 500],
    [8.5, 850],
    [12.34, 1234],
    [50, 5000],
  ])('%s %% is %s basis points and back', (percent, bp) => {
    expect(percentToBasisPoints(percent)).toBe(bp);
    expect(basisPointsToPercent(bp)).toBe(percent);
  });

  it.each([null, undefined, Number.NaN, 0.005, 8.555])('%s is not a rate', (v) => {
    expect(percentToBasisPoints(v)).toBeNull();
  });

  it.each([
    [1, '0.01%'],
    [50, '0.5%'],
    [500, '5%'],
    [850, '8.5%'],
    [1000, '10%'],
    [1234, '12.34%'],
    [5000, '50%'],
  ])('%s basis points read %s', (bp, text) => {
    expect(basisPointsText(bp)).toBe(text);
  });
});

describe('one unit’s commission (the preview)', () => {
  it('a fixed amount, never above the price', () => {
    expect(unitCommissionFen({ type: 'FIXED', amountFen: 500 }, 5900)).toBe(500);
    expect(unitCommissionFen({ type: 'FIXED', amountFen: 8000 }, 5900)).toBe(5900);
  });
  it('a rate of the price, rounded down', () => {
    expect(unitCommissionFen({ type: 'RATE', basisPoints: 850 }, 5900)).toBe(501);
    expect(unitCommissionFen({ type: 'RATE', basisPoints: 1 }, 99)).toBe(0);
    expect(unitCommissionFen({ type: 'RATE', basisPoints: 5000 }, 1999)).toBe(999);
  });
});
