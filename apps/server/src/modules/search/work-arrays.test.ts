import { describe, expect, it } from 'vitest';
import { ReusedArrays } from './work-arrays.ts';

describe('a search’s working arrays, reused from search to search', () => {
  it('hands out arrays that do not overlap within one search', () => {
    const arrays = new ReusedArrays().reset();
    const a = arrays.int32(3).fill(1);
    const b = arrays.int32(3).fill(2);
    const x = arrays.float64(2).fill(0.5);
    const y = arrays.float64(2).fill(1.5);
    expect([...a, ...b]).toEqual([1, 1, 1, 2, 2, 2]);
    expect([...x, ...y]).toEqual([0.5, 0.5, 1.5, 1.5]);
  });

  it('hands the same memory out again after reset, with what it held left over', () => {
    const arrays = new ReusedArrays().reset();
    arrays.int32(4).set([7, 8, 9, 10]);
    expect([...arrays.reset().int32(4)]).toEqual([7, 8, 9, 10]);
  });

  it('grows for a larger search, leaving what it handed out as it was', () => {
    const arrays = new ReusedArrays().reset();
    const small = arrays.int32(10).fill(3);
    const large = arrays.int32(1 << 20).fill(4);
    expect(large.length).toBe(1 << 20);
    expect([...small]).toEqual(Array(10).fill(3));
    const after = arrays.reset().int32(1 << 20); // the larger buffer is kept for the next searches
    expect(after.buffer).toBe(large.buffer);
  });
});
