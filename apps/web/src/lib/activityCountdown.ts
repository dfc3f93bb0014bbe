import type { ActivityPhase } from '@mall/shared';

/** Counting down to the start (即将开始) or the end (进行中 / 已抢光); nothing once it is over. */
export function countdownOf(phase: ActivityPhase, w: { startsAt: string; endsAt: string }): { label: '距开始' | '距结束'; at: string } | null {
  if (phase === 'UPCOMING') return { label: '距开始', at: w.startsAt };
  if (phase === 'RUNNING' || phase === 'SOLD_OUT') return { label: '距结束', at: w.endsAt };
  return null;
}
