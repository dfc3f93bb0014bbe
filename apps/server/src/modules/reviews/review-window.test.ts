import { describe, expect, it } from 'vitest';
import { maskName } from '@mall/shared';
import { lineState, whyNoFollowUp, whyNoReview } from './review-window.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-30T00:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);
const periods = { reviewDays: 15, followUpDays: 180 };
const line = (status: string, completedDaysAgo: number | null, review: { followUpAt: Date | null } | null = null) => ({
  orderStatus: status,
  completedAt: completedDaysAgo === null ? null : daysAgo(completedDaysAgo),
  review,
});

describe('a line’s review state', () => {
  it.each([
    ['not completed', line('PENDING_RECEIPT', null), 'CLOSED'],
    ['completed today', line('COMPLETED', 0), 'REVIEW'],
    ['14 days ago', line('COMPLETED', 14), 'REVIEW'],
    ['15 days ago: the window closed', line('COMPLETED', 15), 'CLOSED'],
    ['reviewed, 179 days', line('COMPLETED', 179, { followUpAt: null }), 'FOLLOW_UP'],
    ['reviewed, 180 days', line('COMPLETED', 180, { followUpAt: null }), 'DONE'],
    ['followed up', line('COMPLETED', 3, { followUpAt: daysAgo(1) }), 'DONE'],
  ])('%s', (_, facts, state) => {
    expect(lineState(facts, periods, now)).toBe(state);
  });

  it('says why in Chinese', () => {
    expect(whyNoReview(line('PENDING_RECEIPT', null), periods, now)).toBe('确认收货后才能评价');
    expect(whyNoReview(line('COMPLETED', 20), periods, now)).toContain('15 天内可评价');
    expect(whyNoReview(line('COMPLETED', 1), periods, now)).toBeNull();
    expect(whyNoFollowUp(line('COMPLETED', 1), periods, now)).toBe('请先评价该商品');
    expect(whyNoFollowUp(line('COMPLETED', 1, { followUpAt: now }), periods, now)).toContain('只能追评一次');
    expect(whyNoFollowUp(line('COMPLETED', 200, { followUpAt: null }), periods, now)).toContain('180 天内可追评');
  });
});

describe('maskName', () => {
  it.each([
    ['张三丰', '张***'],
    ['Lily', 'L***'],
    ['😀笑', '😀***'],
    ['', '匿***'],
  ])('%s → %s', (name, masked) => expect(maskName(name)).toBe(masked));
});
