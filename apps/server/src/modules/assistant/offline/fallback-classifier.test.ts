import { describe, expect, it } from 'vitest';
import { guessIntent, intentScores } from './fallback-classifier.ts';
import { INTENT_EXAMPLES } from './intent-examples.ts';
import { QUESTIONS } from './questions.ts';

describe('the fallback classifier', () => {
  it('learns from examples kept apart from the question set it is measured on', () => {
    const examples = new Set(Object.values(INTENT_EXAMPLES).flat());
    expect(QUESTIONS.filter((q) => examples.has(q.question)).map((q) => q.question)).toEqual([]);
  });

  it('is deterministic', () => {
    expect([...intentScores('退的钱怎么还没到')]).toEqual([...intentScores('退的钱怎么还没到')]);
  });

  it.each([
    ['包裹到了没', 'my_orders'],
    ['退的款咋还没到', 'my_aftersales'],
    ['有优惠不', 'coupons_for'],
    ['哪能领券', 'claimable_coupons'],
    ['我的分呢', 'points_balance'],
  ])('%s → %s', (question, intent) => {
    expect(guessIntent(question)).toBe(intent);
  });

  it.each(['好的', '谢谢', '我想买点东西', '今天天气怎么样', '你是谁'])('%s → nothing', (question) => {
    expect(guessIntent(question)).toBeNull();
  });
});
