import { describe, expect, it } from 'vitest';
import { normalise } from '../../../lib/tokenize.ts';
import { parseAmount, parsePriceRange } from './budget.ts';

describe('parseAmount', () => {
  it.each([
    ['3000', 3000],
    ['3k', 3000],
    ['1.5k', 1500],
    ['3w', 30000],
    ['三千', 3000],
    ['两千五', 2500],
    ['两千五百', 2500],
    ['一万五', 15000],
    ['2千5', 2500],
    ['一百二', 120],
    ['十五', 15],
    ['二十', 20],
    ['千', 1000],
    ['一千零五', 1005],
    ['1万2', 12000],
  ])('%s → %d yuan', (written, yuan) => {
    expect(parseAmount(written)).toBe(yuan);
  });

  it.each(['', '个', 'abc'])('%s is no amount', (written) => {
    expect(parseAmount(written)).toBeNull();
  });
});

describe('parsePriceRange', () => {
  const range = (question: string) => {
    const found = parsePriceRange(normalise(question));
    return found && { kind: found.kind, minFen: found.minFen, maxFen: found.maxFen };
  };

  it.each([
    ['三千以内的手机', { kind: 'upTo', maxFen: 300000 }],
    ['3000以下', { kind: 'upTo', maxFen: 300000 }],
    ['3k左右的手机', { kind: 'around', minFen: 240000, maxFen: 360000 }],
    ['两千到三千', { kind: 'between', minFen: 200000, maxFen: 300000 }],
    ['2000-3000的耳机', { kind: 'between', minFen: 200000, maxFen: 300000 }],
    ['2000~3000元', { kind: 'between', minFen: 200000, maxFen: 300000 }],
    ['两到三千', { kind: 'between', minFen: 200000, maxFen: 300000 }],
    ['在1000和2000之间', { kind: 'between', minFen: 100000, maxFen: 200000 }],
    ['一千多', { kind: 'over', minFen: 100000, maxFen: 200000 }],
    ['1000多块的', { kind: 'over', minFen: 100000, maxFen: 200000 }],
    ['五百多', { kind: 'over', minFen: 50000, maxFen: 60000 }],
    ['三千出头', { kind: 'over', minFen: 300000, maxFen: 400000 }],
    ['不超过500块', { kind: 'upTo', maxFen: 50000 }],
    ['500元以上', { kind: 'from', minFen: 50000 }],
    ['¥100内', { kind: 'upTo', maxFen: 10000 }],
    ['￥100内', { kind: 'upTo', maxFen: 10000 }],
    ['预算3000', { kind: 'upTo', maxFen: 300000 }],
    ['预算三千左右', { kind: 'around', minFen: 240000, maxFen: 360000 }],
    ['三四千的笔记本', { kind: 'between', minFen: 300000, maxFen: 400000 }],
    ['一万五以内', { kind: 'upTo', maxFen: 1500000 }],
    ['两千五以下', { kind: 'upTo', maxFen: 250000 }],
    ['至少2000', { kind: 'from', minFen: 200000 }],
    ['最多200块', { kind: 'upTo', maxFen: 20000 }],
    ['100块钱的', { kind: 'around', minFen: 8000, maxFen: 12000 }],
    ['3w以内', { kind: 'upTo', maxFen: 3000000 }],
    ['1.5k以内', { kind: 'upTo', maxFen: 150000 }],
    ['５００元以内', { kind: 'upTo', maxFen: 50000 }],
    ['千元机', { kind: 'around', minFen: 80000, maxFen: 120000 }],
    ['99元以下', { kind: 'upTo', maxFen: 9900 }],
    ['九块九包邮', { kind: 'around', minFen: 792, maxFen: 1188 }],
    ['三千块钱能买什么', { kind: 'upTo', maxFen: 300000 }],
    ['2k-3k', { kind: 'between', minFen: 200000, maxFen: 300000 }],
    ['五六百的', { kind: 'between', minFen: 50000, maxFen: 60000 }],
    ['iphone15多少钱', null],
    ['65w的充电器', null],
    ['两三百的', { kind: 'between', minFen: 20000, maxFen: 30000 }],
    ['9.9包邮', { kind: 'around', minFen: 792, maxFen: 1188 }],
  ] as [string, { kind: string; minFen?: number; maxFen?: number } | null][])('%s', (question, expected) => {
    expect(range(question)).toEqual(expected && { minFen: undefined, maxFen: undefined, ...expected });
  });

  it.each([
    '第2个',
    '前3款',
    '买两个',
    'iphone 15',
    '256G的',
    '一加12',
    '65w充电器',
    '最近3个订单',
    '最多3个',
    '便宜点的',
    '十个',
  ])('%s names no price', (question) => {
    expect(range(question)).toBeNull();
  });
});
