import type { AppContext } from '../../lib/context.ts';
import { between, momentOf, toolMs, type Random, type When } from './timing.ts';
import { callAsOf, type LoggedCall } from './call-as-of.ts';

/**
 * Calls that buyers' own AI agents made to the shop's MCP server: an agent searches, opens a goods and
 * its coupons, tries add_to_cart without the buyer's `confirm: true` (refused), reads the buyer's orders
 * or points; now and then it sends an argument the tool's schema refuses. Each call runs its tool as of
 * its moment (call-as-of.ts), so what it found is the catalogue's; the next call may use it (the first
 * goods found, a SKU in stock of the goods opened) and is left out when there is nothing to use.
 */
export interface Found {
  goodsIds: number[];
  skuIds: number[];
}

export interface ScriptedAgentCall {
  tool: string;
  args: Record<string, unknown> | ((found: Found) => Record<string, unknown> | null);
}

export interface ScriptedAgentSession<Who extends string = string> {
  who: Who;
  when: When;
  calls: ScriptedAgentCall[];
}

export type AgentCallRow = LoggedCall & { memberId: string; ms: number; at: Date };

export async function replayAgentSession(
  ctx: AppContext,
  memberId: string,
  script: ScriptedAgentSession,
  now: Date,
  random: Random,
): Promise<AgentCallRow[]> {
  let at = momentOf(script.when, now, random);
  const found: Found = { goodsIds: [], skuIds: [] };
  const made: AgentCallRow[] = [];
  for (const call of script.calls) {
    const args = typeof call.args === 'function' ? call.args(found) : call.args;
    if (!args) continue;
    const { result, logged, ran } = await callAsOf(ctx, {
      memberId,
      tool: call.tool,
      args,
      at,
      badArgsPrefix: '参数不正确：',
    });
    // a call its schema refuses ends before the tool runs
    const ms = ran ? toolMs(random, call.tool) : 0;
    made.push({ ...logged, memberId, ms, at });
    remember(found, result.data);
    at = new Date(at.getTime() + ms + between(random, 2, 14) * 1000);
  }
  return made;
}

/** The goods a result listed and the SKUs in stock of a goods it described. */
function remember(found: Found, data: unknown) {
  const d = data as { goods?: { goodsId: number }[]; skus?: { skuId: number; stock: number }[] } | null;
  if (Array.isArray(d?.goods) && d.goods.length) found.goodsIds = d.goods.map((g) => g.goodsId);
  if (Array.isArray(d?.skus)) found.skuIds = d.skus.filter((s) => s.stock > 0).map((s) => s.skuId);
}
