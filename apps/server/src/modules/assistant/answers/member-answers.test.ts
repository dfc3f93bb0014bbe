import { describe, expect, it } from 'vitest';
import { pointsAnswer } from './member-answers.ts';

describe('the points answer', () => {
  it.each([
    // expiring at midnight that starts 1 January (Asia/Shanghai): still good all of 31 December
    ['2026-12-31T16:00:00.000Z', '你现在有 520 积分，其中 120 积分有效期至12月31日，记得尽快使用。'],
    // expiring during a day: good through that day
    ['2027-03-15T04:00:00.000Z', '你现在有 520 积分，其中 120 积分有效期至3月15日，记得尽快使用。'],
    [null, '你现在有 520 积分，其中 120 积分将于近期过期，记得尽快使用。'],
  ])('says the last day points expiring at %s can be used', (expiresAt, text) => {
    expect(pointsAnswer({ balance: 520, expiringSoon: 120, expiresAt }).lead).toBe(text);
  });

  it('says nothing of expiry when none is near', () => {
    expect(pointsAnswer({ balance: 0, expiringSoon: 0, expiresAt: null }).lead).toBe('你现在有 0 积分。');
  });
});
