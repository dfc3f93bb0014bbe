import type { FlashSaleSession } from '@mall/shared';
import { formatTime } from './format.ts';

/** The session the home's strip and the 会场 open on: the one running, else the next to start, else the last of the day. */
export function defaultSession(sessions: FlashSaleSession[]): FlashSaleSession | undefined {
  return sessions.find((s) => s.phase === 'RUNNING') ?? sessions.find((s) => s.phase === 'UPCOMING') ?? sessions.at(-1);
}

/**
 * The 会场's tab: the session the address names (`?session=`) while it is among today's, else the one
 * the strip would open on.
 */
export function chosenSession(sessions: FlashSaleSession[], wanted: string | null): FlashSaleSession | undefined {
  const id = wanted !== null && /^[1-9]\d{0,9}$/.test(wanted) ? Number(wanted) : null;
  return sessions.find((s) => s.activityId === id) ?? defaultSession(sessions);
}

/** A session's chip: 10:00 (明日 10:00 for tomorrow's) and 已开抢 / 抢购中 / 即将开始. */
export function sessionChip(s: Pick<FlashSaleSession, 'startsAt' | 'phase'>, serverNowIso: string): { time: string; state: '已开抢' | '抢购中' | '即将开始' } {
  const today = formatTime(serverNowIso, 'YYYY-MM-DD');
  const day = formatTime(s.startsAt, 'YYYY-MM-DD');
  const hm = formatTime(s.startsAt, 'HH:mm');
  const state = s.phase === 'RUNNING' ? '抢购中' : s.phase === 'UPCOMING' ? '即将开始' : '已开抢';
  return { time: day === today ? hm : day > today ? `明日 ${hm}` : hm, state };
}
