import { describe, expect, it } from 'vitest';
import type { FlashSaleSession } from '@mall/shared';
import { chosenSession, defaultSession, sessionChip } from './flashSaleSessions.ts';

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

describe('the 秒杀 会场’s tab', () => {
  const s = (id: number, phase: FlashSaleSession['phase']): FlashSaleSession => ({
    activityId: id,
    title: `场${id}`,
    startsAt: '2026-11-26T02:00:00.000Z',
    endsAt: '2026-11-26T06:00:00.000Z',
    phase,
    phaseText: '',
    goods: [],
  });
  const day = [s(1, 'ENDED'), s(2, 'RUNNING'), s(3, 'UPCOMING')];
  it.each([
    [null, 2],
    ['3', 3],
    ['1', 1],
    ['99', 2],
    ['0', 2],
    ['-3', 2],
    ['2abc', 2],
    ['', 2],
    ['３', 2],
    ["1' OR '1'='1", 2],
    ['9'.repeat(40), 2],
  ] as const)('?session=%s opens session %i', (wanted, id) => {
    expect(chosenSession(day, wanted)?.activityId).toBe(id);
  });
  it('has none on a day without sessions', () => {
    expect(chosenSession([], '1')).toBeUndefined();
  });
});
