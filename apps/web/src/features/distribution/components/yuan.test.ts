import { describe, expect, it } from 'vitest';
import { yuanToFen } from './yuan.ts';

describe('yuanToFen', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10.05', 1005],
    ['0.1', 10],
    [' 12.34 ', 1234],
    ['12.', 1200],
    ['0.29', 29],
  ])('%s → %i fen', (text, fen) => expect(yuanToFen(text)).toBe(fen));

  it.each(['', 'abc', '1.234', '-1', '1e3', '.5'])('%s is not an amount', (text) =>
    expect(yuanToFen(text)).toBeNull(),
  );
});
