import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import type { AppContext } from '../../../lib/context.ts';
import { AppError } from '../../../lib/errors.ts';
import { quantityField, skuIdField } from '../../cart/index.ts';
import { addToCart, cartCount } from '../../cart/cart.service.ts';
import type { ToolDescription, ToolResult, TurnMember } from '../provider.ts';
import { loggableArgs } from '../tool-log.ts';
import { TOOLS } from '../tools/registry.ts';
import { defineTool, describeTool, failedResult, okResult, type AssistantTool } from '../tools/tool.ts';
import { admitCall, finishCall } from './mcp-limits.ts';

/**
 * The tools a buyer's own AI agent may call over MCP: the assistant's read tools, unchanged, and
 * add_to_cart, which changes the member's own cart only with `confirm: true` (the agent has asked
 * its buyer first). The propose_* tools are left out: their confirm cards have no screen here.
 */
export const CONFIRM_REQUIRED =
  '加入购物车需要买家明确同意：请先向买家确认商品、规格和数量，得到同意后再以 confirm: true 调用';

export const addToCartTool = defineTool({
  name: 'add_to_cart',
  description:
    '把一个商品规格（skuId，见 goods_detail）按数量加入当前买家自己的购物车。只有在买家明确同意后，才以 confirm: true 调用；没有 confirm: true 不会加入。' +
    " (Adds a SKU to the signed-in buyer's own cart. Call with confirm: true only after the buyer agreed.)",
  kind: 'propose',
  parameters: z.object({
    skuId: skuIdField,
    quantity: quantityField.default(1),
    confirm: z.boolean().optional().describe('买家已明确同意加入购物车时为 true (true once the buyer agreed)'),
  }),
  async run(ctx: AppContext, member: TurnMember, args: { skuId: number; quantity: number; confirm?: boolean }) {
    if (args.confirm !== true) return failedResult(CONFIRM_REQUIRED);
    try {
      const cartItemId = await addToCart(ctx.db, member.memberId, args.skuId, args.quantity);
      const { count } = await cartCount(ctx, member.memberId);
      return okResult({ cartItemId, skuId: args.skuId, quantity: args.quantity, cartCount: count }, '已加入购物车');
    } catch (err) {
      if (err instanceof AppError) return failedResult(err.message);
      throw err;
    }
  },
});

export function mcpTools(): AssistantTool[] {
  return [...[...TOOLS.values()].filter((t) => t.kind === 'read'), addToCartTool];
}

export function mcpToolDescriptions(): ToolDescription[] {
  return mcpTools().map(describeTool);
}

/**
 * Runs one tool for the member: admitted by the per-member limits, arguments checked by the tool's own
 * schema, the call recorded (arguments without personal data, result size, time).
 */
export async function runMcpTool(
  ctx: AppContext,
  member: TurnMember,
  name: string,
  args: unknown,
): Promise<ToolResult> {
  const tool = mcpTools().find((t) => t.name === name);
  const parsed = tool?.parameters.safeParse(args ?? {});
  const admission = await admitCall(
    ctx,
    member.memberId,
    String(name).slice(0, 40),
    loggableArgs(parsed?.success ? parsed.data : args),
  );
  if ('refusal' in admission) return failedResult(admission.refusal);
  const started = performance.now();
  let result: ToolResult;
  if (!tool || !parsed) {
    result = failedResult(`没有名为 ${String(name).slice(0, 40)} 的工具`);
  } else if (!parsed.success) {
    result = failedResult(`参数不正确：${parsed.error.issues[0]?.message ?? '参数错误'}`);
  } else {
    try {
      result = await tool.run(ctx, member, parsed.data);
    } catch (err) {
      ctx.log.warn({ err, tool: name }, 'assistant MCP tool failed');
      result = failedResult('查询失败，请稍后再试');
    }
  }
  await finishCall(ctx, admission.callId, {
    resultSize: JSON.stringify(result.data ?? null).length,
    ms: Math.round(performance.now() - started),
    ok: result.ok,
  });
  return result;
}
