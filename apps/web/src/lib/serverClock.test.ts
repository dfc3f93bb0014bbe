import { afterEach, describe, expect, it } from 'vitest';
import { formatHms, hmsParts, msUntil, noteServerNow, offsetFrom, resetServerClock, secondsOf, serverOffset } from './serverClock.ts';

const T = Date.parse('2026-11-26T02:00:00.000Z');

describe('the server clock offset', () => {
  it.each([
    // server now, sent, received (local ms) → offset
    ['2026-11-26T02:00:00.000Z', T, T, 0],
    ['2026-11-26T02:00:00.000Z', T - 200, T + 200, 0], // a 400 ms round trip: the server answered halfway
    ['2026-11-26T02:05:00.000Z', T, T, 300_000], // the phone is 5 minutes slow
    ['2026-11-26T01:59:00.000Z', T - 100, T + 100, -60_000], // the phone is a minute fast
    ['not a time', T, T, 0],
  ])('%s sent %d received %d → %d', (now, sent, received, offset) => {
    expect(offsetFrom(now as string, sent as number, received as number)).toBe(offset);
  });

  it.each([
    // target, offset, local now → ms left
    ['2026-11-26T02:01:00.000Z', 0, T, 60_000],
    ['2026-11-26T02:01:00.000Z', 30_000, T, 30_000], // the server is 30 s ahead: less is left
    ['2026-11-26T02:01:00.000Z', -30_000, T, 90_000],
    ['2026-11-26T01:59:00.000Z', 0, T, 0], // past: never negative
    ['garbage', 0, T, 0],
  ])('until %s with offset %d → %d ms', (target, offset, local, left) => {
    expect(msUntil(target as string, offset as number, local as number)).toBe(left);
  });

  afterEach(() => resetServerClock());

  it('keeps the sample with the shortest round trip', () => {
    expect(serverOffset()).toEqual({ offsetMs: 0, known: false });
    noteServerNow('2026-11-26T02:00:10.000Z', T - 1000, T + 1000); // 2 s round trip, offset 10 s
    expect(serverOffset()).toEqual({ offsetMs: 10_000, known: true });
    noteServerNow('2026-11-26T02:00:05.000Z', T - 50, T + 50); // 100 ms round trip wins
    expect(serverOffset().offsetMs).toBe(5_000);
    noteServerNow('2026-11-26T02:09:00.000Z', T - 500, T + 500); // a slower one does not replace it
    expect(serverOffset().offsetMs).toBe(5_000);
    noteServerNow('bad', T, T);
    expect(serverOffset().offsetMs).toBe(5_000);
  });
});

describe('countdown text', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [3725, '01:02:05'],
    [86_399, '23:59:59'],
    [86_400 + 3 * 3600 + 4, '1天 03:00:04'],
    [-5, '00:00:00'],
  ])('%d s → %s', (s, text) => expect(formatHms(s)).toBe(text));

  it('splits into figures and rounds a part second up', () => {
    expect(hmsParts(3725)).toEqual({ days: 0, h: '01', m: '02', s: '05' });
    expect(secondsOf(1)).toBe(1);
    expect(secondsOf(1000)).toBe(1);
    expect(secondsOf(1001)).toBe(2);
    expect(secondsOf(0)).toBe(0);
    expect(secondsOf(-3)).toBe(0);
  });
});
