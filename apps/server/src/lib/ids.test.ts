import { describe, expect, it } from 'vitest';
import { isUuid, newBusinessNo, shanghaiDateTime, shanghaiDay } from './ids.ts';

describe('Asia/Shanghai time (UTC+8 all year)', () => {
  it('turns the day at 16:00 UTC', () => {
    expect(shanghaiDay(new Date('2025-03-08T15:59:59Z'))).toBe('2025-03-08');
    expect(shanghaiDay(new Date('2025-03-08T16:00:00Z'))).toBe('2025-03-09');
    expect(shanghaiDay(new Date('2024-12-31T16:00:00Z'))).toBe('2025-01-01');
  });
  it('is the same day remembered or worked out, back and forth across midnight in Shanghai', () => {
    const start = Date.parse('2025-03-07T15:00:00Z');
    const steps = [0, 3_599_999, 3_600_000, 3_600_001, 90_000_000, 3_599_999, -1, 86_400_000 * 400, 3_600_000];
    for (const ms of steps.map((s) => start + s)) {
      const at = new Date(ms);
      expect(shanghaiDay(at)).toBe(shanghaiDateTime(at).slice(0, 10));
    }
    expect(shanghaiDay(new Date(start + 3_599_999))).toBe('2025-03-07');
    expect(shanghaiDay(new Date(start + 3_600_000))).toBe('2025-03-08');
    expect(() => shanghaiDay(new Date(Number.NaN))).toThrow(RangeError);
  });
  it('writes the wall-clock time as Alipay does', () => {
    expect(shanghaiDateTime(new Date('2025-03-08T02:21:13.999Z'))).toBe('2025-03-08 10:21:13');
  });
});

describe('ids', () => {
  it('knows a UUID of any version, and nothing else', () => {
    expect(isUuid('15A3665C-9aca-4ed5-b704-1c849e82878b')).toBe(true);
    for (const bad of [
      '',
      'not-a-uuid',
      '15a3665c-9aca-4ed5-b704-1c849e82878',
      "15a3665c-9aca-4ed5-b704-1c849e82878b' OR 1=1",
    ]) {
      expect(isUuid(bad)).toBe(false);
    }
  });
  it('makes business numbers of the Shanghai date and 12 random digits', () => {
    expect(newBusinessNo('AS', new Date('2025-03-08T16:30:00Z'))).toMatch(/^AS20250309\d{12}$/);
  });
});
