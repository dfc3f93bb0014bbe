import { describe, expect, it } from 'vitest';
import { countdownOf } from './activityCountdown.ts';

const w = { startsAt: '2026-11-26T12:00:00.000Z', endsAt: '2026-11-26T14:00:00.000Z' };

describe('an activity’s countdown', () => {
  it.each([
    ['UPCOMING', { label: '距开始', at: w.startsAt }],
    ['RUNNING', { label: '距结束', at: w.endsAt }],
    ['SOLD_OUT', { label: '距结束', at: w.endsAt }],
    ['ENDED', null],
  ] as const)('counts down for %s', (phase, expected) => expect(countdownOf(phase, w)).toEqual(expected));
});
