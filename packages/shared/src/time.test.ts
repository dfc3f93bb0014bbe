import { describe, expect, it } from 'vitest';
import { formatTime, shopDay } from './time.ts';

describe('formatTime', () => {
  it.each([
    ['2026-01-01T16:30:00.000Z', undefined, '2026-01-02 00:30:00'],
    ['2026-01-01T16:30:05Z', 'YYYY-MM-DD HH:mm', '2026-01-02 00:30'],
    ['2026-01-01T15:59:59Z', 'YYYY-MM-DD', '2026-01-01'],
    ['2026-05-01T06:03:09+00:00', 'MM-DD HH:mm:ss', '05-01 14:03:09'],
    ['2026-05-01T06:03:09Z', 'MM月DD日 HH:mm', '05月01日 14:03'],
    ['2026-05-01T06:03:09Z', 'HH:mm', '14:03'],
    ['2026-05-01T06:03:09Z', 'YYYY年M月D日', '2026年5月1日'],
    ['2026-11-30T16:00:00Z', 'YYYY年M月D日', '2026年12月1日'],
    ['2026-12-31T16:00:00Z', 'YYYY-MM-DD HH:mm', '2027-01-01 00:00'],
    ['2026-05-01T14:03:09+08:00', undefined, '2026-05-01 14:03:09'],
  ] as const)('%s as %s reads %s in Shanghai', (iso, pattern, text) => expect(formatTime(iso, pattern)).toBe(text));

  it('takes a Date as well', () => {
    expect(formatTime(new Date('2026-07-01T00:00:00Z'))).toBe('2026-07-01 08:00:00');
  });

  it.each([null, undefined, '', 'not a time'])('leaves %j blank', (iso) => expect(formatTime(iso)).toBe(''));
});

describe('shopDay', () => {
  it.each([
    ['2026-03-01T15:59:59Z', '2026-03-01'],
    ['2026-03-01T16:00:00Z', '2026-03-02'],
  ])('%s is %s in Shanghai', (iso, day) => expect(shopDay(new Date(iso))).toBe(day));
});
