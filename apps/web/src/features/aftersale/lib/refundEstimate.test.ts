import { describe, expect, it } from 'vitest';
import { refundEstimate } from './refundEstimate.ts';

const info = (paidShare: number, bought: number, maxQuantity: number, maxRefund: number) => ({
  paidShare,
  maxQuantity,
  maxRefund,
  goods: { name: '', image: null, specText: '', unitPrice: 0, boughtQuantity: bought },
});

describe('refund estimate (mirrors the server)', () => {
  it('gives the rest of the money for the rest of the units', () => {
    expect(refundEstimate(info(1000, 3, 3, 1000), 3)).toBe(1000);
    expect(refundEstimate(info(1000, 3, 2, 667), 2)).toBe(667);
  });

  it('floors a partial share, never above what is left', () => {
    expect(refundEstimate(info(1000, 3, 3, 1000), 1)).toBe(333);
    expect(refundEstimate(info(1000, 3, 3, 1000), 2)).toBe(666);
    expect(refundEstimate(info(1000, 3, 2, 300), 1)).toBe(300);
  });
});
