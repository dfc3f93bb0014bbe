import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ACTIVITY_TRANSITIONS,
  activityPrice,
  buyerPhase,
  limitLeft,
  limitRefusal,
  nextActivityStatus,
  sessionWindow,
  soldPercent,
  type ActivityMove,
} from './activity-rules.ts';
import type { ActivityStatus } from '@mall/shared';

const at = (iso: string) => new Date(iso);
const window = { startsAt: at('2026-11-26T02:00:00Z'), endsAt: at('2026-11-26T04:00:00Z') };
const before = at('2026-11-26T01:59:59Z');
const during = at('2026-11-26T03:00:00Z');
const after = at('2026-11-26T04:00:00Z');

describe('activity states', () => {
  test.each<[ActivityMove, ActivityStatus, Date, ActivityStatus | string]>([
    ['schedule', 'DRAFT', before, 'SCHEDULED'],
    ['schedule', 'DRAFT', during, 'SCHEDULED'],
    ['schedule', 'DRAFT', after, '活动结束时间已过，不能排期'],
    ['schedule', 'SCHEDULED', before, '该活动已排期，不能进行此操作'],
    ['cancel', 'DRAFT', during, 'CANCELLED'],
    ['cancel', 'SCHEDULED', before, 'CANCELLED'],
    ['cancel', 'SCHEDULED', during, '活动已开始，不能取消'],
    ['cancel', 'ENDED', after, '该活动已结束，不能进行此操作'],
    ['end', 'SCHEDULED', during, '活动尚未结束'],
    ['end', 'SCHEDULED', after, 'ENDED'],
    ['end', 'DRAFT', after, '该活动还是草稿，不能进行此操作'],
    ['end', 'CANCELLED', after, '该活动已取消，不能进行此操作'],
  ])('%s from %s at %s → %s', (action, status, now, expected) => {
    const next = nextActivityStatus(action, status, window, now);
    expect('to' in next ? next.to : next.refused).toBe(expected);
  });

  test('ended and cancelled are final', () => {
    expect(ACTIVITY_TRANSITIONS.ENDED).toEqual({});
    expect(ACTIVITY_TRANSITIONS.CANCELLED).toEqual({});
  });
});

describe('what a buyer sees', () => {
  const flash = { ...window, status: 'SCHEDULED' as const, kind: 'FLASH_SALE' as const };
  test.each<[string, Date, ActivityStatus, number | undefined, string]>([
    ['before the start', before, 'SCHEDULED', 5, 'UPCOMING'],
    ['during, with stock', during, 'SCHEDULED', 5, 'RUNNING'],
    ['during, none left', during, 'SCHEDULED', 0, 'SOLD_OUT'],
    ['at the end', after, 'SCHEDULED', 5, 'ENDED'],
    ['a draft', during, 'DRAFT', 5, 'ENDED'],
    ['cancelled', before, 'CANCELLED', 5, 'ENDED'],
  ])('%s', (_name, now, status, left, phase) => {
    expect(buyerPhase(now, { ...flash, status }, left)).toBe(phase);
  });
  test('a 限时折扣 never sells out', () => {
    expect(buyerPhase(during, { ...flash, kind: 'TIME_DISCOUNT' }, 0)).toBe('RUNNING');
  });
});

describe('progress, price and limit', () => {
  test.each([
    [0, 100, 0],
    [1, 99, 1],
    [99, 1, 99],
    [100, 0, 100],
    [0, 0, 0],
    [2, 1, 66],
  ])('sold %i, left %i → %i%%', (sold, left, percent) => expect(soldPercent(sold, left)).toBe(percent));

  test('100% only when nothing is left; never above', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e6 }), (sold, left) => {
        const p = soldPercent(sold, left);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        expect(p === 100).toBe(left === 0 && sold > 0);
      }),
    );
  });

  test.each([
    [10000, { type: 'PERCENT', percent: 80 } as const, 8000],
    [999, { type: 'PERCENT', percent: 85 } as const, 849],
    [1, { type: 'PERCENT', percent: 50 } as const, undefined],
    [10000, { type: 'PRICE', priceFen: 6600 } as const, 6600],
    [10000, { type: 'PRICE', priceFen: 10000 } as const, undefined],
    [10000, { type: 'PRICE', priceFen: 0 } as const, 1],
  ])('usual %i with %o → %s', (usual, rule, price) => expect(activityPrice(usual, rule)).toBe(price));

  test('an activity price is always whole fen, at least 1 and below the usual price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 99 }), (usual, percent) => {
        const p = activityPrice(usual, { type: 'PERCENT', percent });
        if (p !== undefined) {
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(1);
          expect(p).toBeLessThan(usual);
        }
      }),
    );
  });

  test('the per-member limit counts what is held', () => {
    expect(limitLeft(0, 5)).toBeUndefined();
    expect(limitLeft(2, 1)).toBe(1);
    expect(limitLeft(2, 3)).toBe(0);
    expect(limitRefusal(2, 0, 2)).toBeNull();
    expect(limitRefusal(2, 0, 3)).toBe('每人限购 2 件');
    expect(limitRefusal(2, 1, 2)).toBe('每人限购 2 件，您已购买 1 件');
    expect(limitRefusal(0, 50, 99)).toBeNull();
  });
});

test('a session window is read in Shanghai time', () => {
  expect(sessionWindow('2026-11-26', '10:00', 120)).toEqual({
    startsAt: at('2026-11-26T02:00:00Z'),
    endsAt: at('2026-11-26T04:00:00Z'),
  });
  expect(sessionWindow('2026-11-26', '00:00', 30).startsAt).toEqual(at('2026-11-25T16:00:00Z'));
});
