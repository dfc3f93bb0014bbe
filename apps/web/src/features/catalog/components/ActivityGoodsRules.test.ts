import { describe, expect, it } from 'vitest';
import type { FlashSaleSession } from '@mall/shared';
import { actionOf, checkoutHref, countdownOf, defaultSession, maxQuantity, sessionChip } from './ActivityGoodsRules.ts';

const w = { startsAt: '2026-11-26T12:00:00.000Z', endsAt: '2026-11-26T14:00:00.000Z' };

describe('the activity goods page', () => {
  it.each([
    ['UPCOMING', { label: '距开始', at: w.startsAt }],
    ['RUNNING', { label: '距结束', at: w.endsAt }],
    ['SOLD_OUT', { label: '距结束', at: w.endsAt }],
    ['ENDED', null],
  ] as const)('counts down for %s', (phase, expected) => expect(countdownOf(phase, w)).toEqual(expected));

  it.each([
    // stock left, limit, member left → most
    [10, 0, null, 10],
    [10, 3, null, 3], // signed out: the limit
    [10, 3, 1, 1],
    [2, 3, 3, 2],
    [0, 3, 3, 0],
    [null, 0, null, 999], // a 限时折扣: no units of its own
    [5000, 0, null, 999],
    [10, 3, 0, 0],
  ])('stock %s, limit %s, member left %s → at most %s', (stockLeft, perMemberLimit, memberLeft, most) => {
    expect(maxQuantity({ stockLeft, perMemberLimit, memberLeft })).toBe(most);
  });

  const base = { kind: 'FLASH_SALE' as const, stockLeft: 5, perMemberLimit: 2, memberLeft: 2 };
  it.each([
    [{ phase: 'UPCOMING' }, false, '提醒我'],
    [{ phase: 'UPCOMING' }, true, '已设置提醒'],
    [{ phase: 'RUNNING' }, false, '立即抢购'],
    [{ phase: 'RUNNING', kind: 'TIME_DISCOUNT', stockLeft: null }, false, '立即购买'],
    [{ phase: 'RUNNING', memberLeft: 0 }, false, '已达限购数量'],
    [{ phase: 'RUNNING', stockLeft: 0 }, false, '已抢光'],
    [{ phase: 'SOLD_OUT', stockLeft: 0 }, true, '已抢光'],
    [{ phase: 'ENDED' }, true, '已结束'],
  ] as const)('%o reminded=%s → %s', (over, reminded, label) => {
    expect(actionOf({ ...base, ...over } as Parameters<typeof actionOf>[0], reminded).label).toBe(label);
  });

  it('sends a 秒杀 to the checkout with its activity, a 限时折扣 without', () => {
    expect(checkoutHref({ kind: 'FLASH_SALE', activityId: 7, skuId: 31 }, 2)).toBe('/checkout?skuId=31&quantity=2&activityId=7');
    expect(checkoutHref({ kind: 'TIME_DISCOUNT', activityId: 7, skuId: 31 }, 1)).toBe('/checkout?skuId=31&quantity=1');
  });
});

describe('the home’s 秒杀 strip', () => {
  const s = (id: number, phase: FlashSaleSession['phase'], startsAt: string): FlashSaleSession => ({
    activityId: id,
    title: `场${id}`,
    startsAt,
    endsAt: startsAt,
    phase,
    phaseText: '',
    goods: [],
  });
  it('opens on the running session, else the next, else the last', () => {
    const ended = s(1, 'ENDED', '2026-11-26T02:00:00.000Z');
    const running = s(2, 'RUNNING', '2026-11-26T06:00:00.000Z');
    const next = s(3, 'UPCOMING', '2026-11-26T12:00:00.000Z');
    expect(defaultSession([ended, running, next])?.activityId).toBe(2);
    expect(defaultSession([ended, next])?.activityId).toBe(3);
    expect(defaultSession([ended])?.activityId).toBe(1);
    expect(defaultSession([])).toBeUndefined();
  });

  it.each([
    ['2026-11-26T02:00:00.000Z', 'ENDED', { time: '10:00', state: '已开抢' }],
    ['2026-11-26T06:00:00.000Z', 'RUNNING', { time: '14:00', state: '抢购中' }],
    ['2026-11-26T12:00:00.000Z', 'UPCOMING', { time: '20:00', state: '即将开始' }],
    ['2026-11-27T02:00:00.000Z', 'UPCOMING', { time: '明日 10:00', state: '即将开始' }],
  ] as const)('a session at %s (%s) reads %o', (startsAt, phase, chip) => {
    // 2026-11-26 15:00 in Shanghai
    expect(sessionChip({ startsAt, phase }, '2026-11-26T07:00:00.000Z')).toEqual(chip);
  });
});
