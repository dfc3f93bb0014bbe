import { shanghaiDay } from '../../../lib/ids.ts';

/**
 * The MCP server's per-member limits, the same figures as the chat's: at most 20 tool calls a minute
 * (the chat's questions a minute) and ASSISTANT_DAILY_QUESTIONS a Shanghai day (0: no daily limit).
 * Counted in this process: several processes each keep their own count.
 */
export const MCP_CALLS_PER_MINUTE = 20;

export class McpLimits {
  private readonly recent = new Map<string, number[]>();
  private readonly daily = new Map<string, number>();
  private day = '';

  constructor(private readonly perDay: () => number) {}

  /** Counts a call, or answers the Chinese refusal when the member is over a limit. */
  take(memberId: string, now = Date.now()): string | null {
    const today = shanghaiDay(new Date(now));
    if (today !== this.day) {
      this.daily.clear();
      this.day = today;
    }
    const window = (this.recent.get(memberId) ?? []).filter((t) => now - t < 60_000);
    if (window.length >= MCP_CALLS_PER_MINUTE) {
      this.recent.set(memberId, window);
      return '调用太频繁了，请稍后再试';
    }
    const perDay = this.perDay();
    const used = this.daily.get(memberId) ?? 0;
    if (perDay && used >= perDay) return `今天已调用 ${perDay} 次，达到上限，明天再来吧`;
    window.push(now);
    this.recent.set(memberId, window);
    this.daily.set(memberId, used + 1);
    if (this.recent.size > 10_000) this.sweep(now);
    return null;
  }

  private sweep(now: number) {
    for (const [id, times] of this.recent) if (times.every((t) => now - t >= 60_000)) this.recent.delete(id);
  }
}
