import type { AppContext } from '../../../lib/context.ts';
import { lockKey } from '../../../lib/db.ts';
import { shanghaiDay } from '../../../lib/ids.ts';
import * as repo from './mcp.repo.ts';

/**
 * The MCP server's per-member limits, the chat's figures: at most 20 calls a minute (the chat's
 * questions a minute) and ASSISTANT_DAILY_QUESTIONS calls an Asia/Shanghai day (0: no daily limit).
 * Counted from assistant_mcp_calls under the member's lock, so several processes and a burst of
 * parallel calls see one count. A call let through is recorded at once; its outcome is added later.
 */
export const MCP_CALLS_PER_MINUTE = 20;

export type Admission = { callId: number } | { refusal: string };

export async function admitCall(
  ctx: AppContext,
  memberId: string,
  tool: string,
  args: unknown,
  now = new Date(),
): Promise<Admission> {
  const dayStart = new Date(`${shanghaiDay(now)}T00:00:00+08:00`);
  const perDay = ctx.config.ASSISTANT_DAILY_QUESTIONS;
  return ctx.db.transaction(async (tx) => {
    await lockKey(tx, 'assistant-mcp', memberId);
    const counts = await repo.callsSince(tx, memberId, new Date(now.getTime() - 60_000), dayStart);
    if (counts.minute >= MCP_CALLS_PER_MINUTE) return { refusal: '调用太频繁了，请稍后再试' };
    if (perDay && counts.day >= perDay) return { refusal: `今天已调用 ${perDay} 次，达到上限，明天再来吧` };
    return { callId: await repo.insertCall(tx, { memberId, tool, args, at: now }) };
  });
}

export const finishCall = (ctx: AppContext, callId: number, outcome: { resultSize: number; ms: number; ok: boolean }) =>
  repo.finishCall(ctx.db, callId, outcome);
