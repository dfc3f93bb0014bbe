import { describe, expect, it } from 'vitest';
import { formatCountdown, formatTime } from './format.ts';

describe('formatting', () => {
  it('shows UTC times in Asia/Shanghai', () => {
    expect(formatTime('2026-01-01T16:30:00.000Z')).toBe('2026-01-02 00:30:00');
    expect(formatTime(null)).toBe('');
  });

  it('counts down in minutes and seconds, with hours when needed', () => {
    expect(formatCountdown(1805)).toBe('30分05秒');
    expect(formatCountdown(0)).toBe('00分00秒');
    expect(formatCountdown(3725)).toBe('1小时02分05秒');
  });
});
