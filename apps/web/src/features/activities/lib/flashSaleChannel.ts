import type { ActivityGoodsCard } from '@mall/shared';

/**
 * What a goods card of the 秒杀 会场 (/flashSale) offers: 马上抢 (to its activity goods page) while the
 * session runs and units are left, 提醒我 / 已设置提醒 before the start, 已抢光 once the units are gone,
 * 已结束 after the end.
 */
export type ChannelAction =
  | { kind: 'buy'; label: '马上抢' }
  | { kind: 'remind'; label: '提醒我' }
  | { kind: 'reminded'; label: '已设置提醒' }
  | { kind: 'soldOut'; label: '已抢光' }
  | { kind: 'ended'; label: '已结束' };

export function channelAction(g: Pick<ActivityGoodsCard, 'phase' | 'stockLeft'>, reminded: boolean): ChannelAction {
  if (g.phase === 'UPCOMING') return reminded ? { kind: 'reminded', label: '已设置提醒' } : { kind: 'remind', label: '提醒我' };
  if (g.phase === 'SOLD_OUT' || (g.phase === 'RUNNING' && g.stockLeft !== null && g.stockLeft <= 0)) return { kind: 'soldOut', label: '已抢光' };
  if (g.phase === 'RUNNING') return { kind: 'buy', label: '马上抢' };
  return { kind: 'ended', label: '已结束' };
}

/** The card's bar: 已抢 x% as the server counts it, held to 0–100 (a 限时折扣 card has none: 0). */
export function soldBar(g: Pick<ActivityGoodsCard, 'soldPercent' | 'stockLeft'>): { percent: number; text: string; left: string | null } {
  const raw = g.soldPercent ?? 0;
  const percent = Number.isFinite(raw) ? Math.min(100, Math.max(0, Math.round(raw))) : 0;
  const left = g.stockLeft === null ? null : g.stockLeft > 0 ? `仅剩 ${g.stockLeft} 件` : '已抢光';
  return { percent, text: `已抢 ${percent}%`, left };
}
