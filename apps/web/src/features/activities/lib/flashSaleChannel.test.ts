import { describe, expect, it } from 'vitest';
import type { ActivityGoodsCard } from '@mall/shared';
import { channelAction, soldBar } from './flashSaleChannel.ts';

describe('the 秒杀 会场 goods card', () => {
  it.each([
    ['UPCOMING', 10, false, '提醒我'],
    ['UPCOMING', 10, true, '已设置提醒'],
    ['RUNNING', 3, false, '马上抢'],
    ['RUNNING', 3, true, '马上抢'],
    ['RUNNING', 0, false, '已抢光'],
    ['SOLD_OUT', 0, false, '已抢光'],
    ['SOLD_OUT', 0, true, '已抢光'],
    ['ENDED', 5, false, '已结束'],
    ['ENDED', 0, true, '已结束'],
  ] as const)('%s with %i left (reminded: %s) offers %s', (phase, stockLeft, reminded, label) => {
    expect(channelAction({ phase, stockLeft }, reminded).label).toBe(label);
  });

  it.each([
    [{ soldPercent: 0, stockLeft: 30 }, { percent: 0, text: '已抢 0%', left: '仅剩 30 件' }],
    [{ soldPercent: 66, stockLeft: 1 }, { percent: 66, text: '已抢 66%', left: '仅剩 1 件' }],
    [{ soldPercent: 100, stockLeft: 0 }, { percent: 100, text: '已抢 100%', left: '已抢光' }],
    [{ soldPercent: 140, stockLeft: 0 }, { percent: 100, text: '已抢 100%', left: '已抢光' }],
    [{ soldPercent: -5, stockLeft: 2 }, { percent: 0, text: '已抢 0%', left: '仅剩 2 件' }],
    [{ soldPercent: Number.NaN, stockLeft: 2 }, { percent: 0, text: '已抢 0%', left: '仅剩 2 件' }],
    [{ soldPercent: null, stockLeft: null }, { percent: 0, text: '已抢 0%', left: null }],
  ] satisfies [Pick<ActivityGoodsCard, 'soldPercent' | 'stockLeft'>, unknown][])('%o draws %o', (g, bar) => {
    expect(soldBar(g)).toEqual(bar);
  });
});
