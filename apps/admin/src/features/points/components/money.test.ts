import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { yuanToFen } from '@mall/shared';
import { fenToYuan, priceText } from './money.ts';

describe('yuanToFen', () => {
  it.each([
    ['0', 0],
    ['9.9', 990],
    ['9.90', 990],
    ['0.01', 1],
    [19.99, 1999],
    [0.29, 29],
    ['1.005', null],
    ['-1', null],
    ['abc', null],
    ['', null],
    [null, null],
  ] as const)('%s → %s', (input, want) => expect(yuanToFen(input)).toBe(want));

  it('property: fen → yuan → fen is exact (no float drift)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toBe(fen);
      }),
    );
  });

  it('price text', () => {
    expect(priceText(1200, 0)).toBe('1200 积分');
    expect(priceText(800, 990)).toBe('800 积分 + ¥9.90');
  });
});
