/** How a figure moved against the period before: +12.3%, or 新增 when there was nothing to compare. */
export interface Change {
  direction: 'up' | 'down' | 'flat';
  text: string;
}

export function changeOf(now: number | null, before: number | null): Change | null {
  if (now === null || before === null) return null;
  if (before === 0) return now === 0 ? { direction: 'flat', text: '持平' } : { direction: 'up', text: '新增' };
  const ratio = (now - before) / Math.abs(before);
  if (Math.abs(ratio) < 0.0005) return { direction: 'flat', text: '持平' };
  return { direction: ratio > 0 ? 'up' : 'down', text: `${(Math.abs(ratio) * 100).toFixed(1)}%` };
}

/** The comparison period's name: 昨日同时段, 前7天, 前30天. */
export const PREVIOUS_NAMES = { today: '较昨日同时段', '7d': '较前7天', '30d': '较前30天' } as const;
