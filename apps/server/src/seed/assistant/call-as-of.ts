import type { AppContext } from '../../lib/context.ts';
import { mcpTools } from '../../modules/assistant/mcp/mcp-tools.ts';
import type { ToolResult } from '../../modules/assistant/provider.ts';
import { loggableArgs } from '../../modules/assistant/tool-log.ts';
import { failedResult } from '../../modules/assistant/tools/tool.ts';
import { NotReplayable, resultAsOf } from './result-as-of.ts';

/**
 * One call of the assistant's tools for a past moment, as the chat's turn runner and the MCP server
 * make it: the arguments read by the tool's own schema and kept as they log them, the tool run for the
 * member, its result as of that moment (result-as-of.ts). A call marked failing is one the database
 * did not answer in time: the tool's answer is 查询失败，请稍后再试, as when a tool throws. Only the
 * read tools run, and add_to_cart without `confirm: true`, which the tool refuses: nothing changes (a
 * question the offline provider answers with a proposal is left out).
 */
export interface LoggedCall {
  tool: string;
  args: unknown;
  resultSize: number;
  ok: boolean;
}

const TOOLS = new Map(mcpTools().map((t) => [t.name, t]));
const TOOL_FAILED = '查询失败，请稍后再试';

export async function callAsOf(
  ctx: AppContext,
  p: {
    memberId: string;
    tool: string;
    args: Record<string, unknown>;
    at: Date;
    failing?: boolean;
    badArgsPrefix: string;
  },
): Promise<{ result: ToolResult; logged: LoggedCall; ran: boolean }> {
  if (p.args.confirm === true) throw new Error('the demo’s history never adds to a cart');
  const tool = TOOLS.get(p.tool);
  if (!tool) throw new NotReplayable(`${p.tool} is not a read tool`);
  const parsed = tool.parameters.safeParse(p.args);
  let result: ToolResult;
  if (!parsed.success) result = failedResult(`${p.badArgsPrefix}${parsed.error.issues[0]?.message ?? '参数错误'}`);
  else if (p.failing) result = failedResult(TOOL_FAILED);
  else
    result = await resultAsOf(
      ctx,
      p.memberId,
      p.tool,
      await tool.run(ctx, { memberId: p.memberId }, parsed.data),
      p.at,
    );
  return {
    result,
    ran: parsed.success && !p.failing,
    logged: {
      tool: p.tool,
      args: loggableArgs(parsed.success ? parsed.data : p.args),
      resultSize: JSON.stringify(result.data ?? null).length,
      ok: result.ok,
    },
  };
}
