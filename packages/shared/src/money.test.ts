import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fenToYuan, formatFen, yuanToFen } from './money.ts';

describe('yuanToFen', () => {
  it.each([
    ['0', 0],
    [0, 0],
    ['199', 19_900],
    ['9.9', 990],
    ['9.90', 990],
    ['0.01', 1],
    ['0.29', 29],
    [' 12.34 ', 1234],
    ['12.', 1200],
    [19.99, 1999],
    [0.29, 29],
    [1.1, 110],
    [1299.99, 129_999],
    [1_000_000, 100_000_000],
  ] as const)('%j is %i 分', (yuan, fen) => expect(yuanToFen(yuan)).toBe(fen));

  it.each([
    ['more than two decimals', '1.005'],
    ['more than two decimals, as a number', 12.345],
    ['a float sum that is not a typed amount', 0.1 + 0.2],
    ['negative', '-1'],
    ['negative, as a number', -0.5],
    ['exponent', '1e3'],
    ['a currency sign', '¥5'],
    ['a thousands comma', '1,000'],
    ['no whole part', '.5'],
    ['hexadecimal', '0x10'],
    ['text', 'abc'],
    ['empty', ''],
    ['blank', '   '],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['beyond exact integers', '99999999999999999'],
    ['null', null],
    ['undefined', undefined],
  ] as const)('refuses %s (%j)', (_why, yuan) => expect(yuanToFen(yuan)).toBeNull());

  it('reads back every fen an input holds, with no float drift', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toBe(fen);
        expect(yuanToFen(fenToYuan(fen).toFixed(2))).toBe(fen);
      }),
    );
  });
});

describe('formatFen', () => {
  it.each([
    [0, '¥0.00'],
    [1, '¥0.01'],
    [1234, '¥12.34'],
    [100_000, '¥1000.00'],
    [-550, '-¥5.50'],
  ])('%i 分 reads %s', (fen, text) => expect(formatFen(fen)).toBe(text));
});
