import type { AppContext } from '../../lib/context.ts';
import { shanghaiDay } from '../../lib/ids.ts';
import * as mcpRepo from './mcp/mcp.repo.ts';
import * as repo from './usage.repo.ts';

/**
 * What the console shows of the assistant (GET /ops/assistant/usage): questions per Asia/Shanghai day
 * (every day of the period, zeros included), the tools called, the answers buyers rated 👎 with the
 * question that led to them, so an operator can read what went wrong, and the calls of buyers' own AI
 * agents to the MCP server per day and per tool. No member is named.
 */
export async function usage(ctx: AppContext, q: { days: number; pageNum: number; pageSize: number }, now = new Date()) {
  const firstDay = shanghaiDay(new Date(now.getTime() - (q.days - 1) * 86_400_000));
  const since = new Date(`${firstDay}T00:00:00+08:00`);
  const [perDay, tools, thumbsDown, mcpPerDay, mcpTools] = await Promise.all([
    repo.questionsPerDay(ctx.db, since),
    repo.toolsCalled(ctx.db, since),
    repo.thumbsDownPage(ctx.db, since, (q.pageNum - 1) * q.pageSize, q.pageSize),
    mcpRepo.callsPerDay(ctx.db, since),
    mcpRepo.callsPerTool(ctx.db, since),
  ]);
  const days = periodDays(since, q.days);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const mcpByDay = new Map(mcpPerDay.map((d) => [d.day, d]));
  return {
    days: days.map((day) => {
      const d = byDay.get(day);
      return {
        day,
        questions: d?.questions ?? 0,
        members: d?.members ?? 0,
        failed: d?.failed ?? 0,
        stopped: d?.stopped ?? 0,
        thumbsUp: d?.thumbs_up ?? 0,
        thumbsDown: d?.thumbs_down ?? 0,
      };
    }),
    tools: tools.map(toolFigures),
    thumbsDown: {
      list: thumbsDown.list.map((m) => ({
        messageId: m.id,
        question: m.question ?? '',
        answer: m.answer,
        provider: m.provider,
        status: m.status,
        createdAt: new Date(m.created_at).toISOString(),
      })),
      total: thumbsDown.total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    },
    mcp: {
      days: days.map((day) => {
        const d = mcpByDay.get(day);
        return { day, calls: d?.calls ?? 0, members: d?.members ?? 0, failed: d?.failed ?? 0 };
      }),
      tools: mcpTools.map(toolFigures),
    },
  };
}

/** Every Asia/Shanghai day of the period, YYYY-MM-DD, the first one starting at `since`. */
function periodDays(since: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    shanghaiDay(new Date(since.getTime() + i * 86_400_000 + 12 * 3_600_000)),
  );
}

const toolFigures = (t: { tool: string; calls: number; failed: number; avg_ms: number; max_ms: number }) => ({
  tool: t.tool,
  calls: t.calls,
  failed: t.failed,
  avgMs: t.avg_ms,
  maxMs: t.max_ms,
});
