import { describe, expect, it } from 'vitest';
import { changeOf } from './compare.ts';

describe('changeOf', () => {
  it.each([
    [120, 100, { direction: 'up', text: '20.0%' }],
    [80, 100, { direction: 'down', text: '20.0%' }],
    [100, 100, { direction: 'flat', text: '持平' }],
    [5, 0, { direction: 'up', text: '新增' }],
    [0, 0, { direction: 'flat', text: '持平' }],
    [0, 300, { direction: 'down', text: '100.0%' }],
  ] as const)('%s against %s', (now, before, expected) => {
    expect(changeOf(now, before)).toEqual(expected);
  });

  it('has nothing to say without both figures (no visitors: no conversion)', () => {
    expect(changeOf(null, 0.2)).toBeNull();
    expect(changeOf(0.1, null)).toBeNull();
  });
});
