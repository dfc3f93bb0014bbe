import { describe, expect, it } from 'vitest';
import { ResultAdmission } from './result-admission.ts';

describe('which searches the result cache keeps', () => {
  it('keeps a search asked a second time within the window, not the first time', () => {
    const admission = new ResultAdmission(3);
    expect(admission.askedBefore('{"keyword":"手机"}')).toBe(false);
    expect(admission.askedBefore('{"keyword":"电视"}')).toBe(false);
    expect(admission.askedBefore('{"keyword":"手机"}')).toBe(true);
    expect(admission.askedBefore('{"keyword":"手机"}')).toBe(true);
  });

  it('forgets a search once the window has moved past it', () => {
    const admission = new ResultAdmission(3);
    admission.askedBefore('a');
    for (const other of ['b', 'c', 'd']) expect(admission.askedBefore(other)).toBe(false);
    expect(admission.askedBefore('a')).toBe(false); // three others since: forgotten, noted again
    expect(admission.askedBefore('a')).toBe(true);
  });

  it('keeps none of a cycle of searches longer than the window (a crawl, or the uncached benchmark)', () => {
    const admission = new ResultAdmission(500);
    const keys = Array.from({ length: 1250 }, (_, i) => JSON.stringify({ keyword: `词${i % 50}`, maxPrice: 2e9 - Math.floor(i / 50) }));
    const kept = [0, 1, 2].flatMap(() => keys.filter((k) => admission.askedBefore(k)));
    expect(kept).toEqual([]);
  });

  it('remembers a search by its latest ask', () => {
    const admission = new ResultAdmission(3);
    admission.askedBefore('a');
    admission.askedBefore('a');
    admission.askedBefore('b');
    admission.askedBefore('c'); // the first 'a' leaves; the second stays
    expect(admission.askedBefore('a')).toBe(true);
  });
});
