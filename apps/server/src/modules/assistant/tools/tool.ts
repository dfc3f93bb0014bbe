import { z } from 'zod';
import type { AppContext } from '../../../lib/context.ts';
import type { ToolDescription, ToolResult, TurnMember } from '../provider.ts';

/**
 * One of the assistant's tools: the only way it touches the shop. `run` gets the signed-in member of
 * the turn, never a member from its arguments, and calls other modules only through their services.
 * A `propose` tool changes nothing: it returns a card the buyer must confirm with their own click.
 */
export interface AssistantTool<Args = unknown> {
  name: string;
  description: string;
  kind: 'read' | 'propose';
  parameters: z.ZodType<Args>;
  run(ctx: AppContext, member: TurnMember, args: Args): Promise<ToolResult>;
}

export const defineTool = <Args>(tool: AssistantTool<Args>): AssistantTool<unknown> => tool as AssistantTool<unknown>;

export function describeTool(tool: AssistantTool): ToolDescription {
  return {
    name: tool.name,
    description: tool.description,
    kind: tool.kind,
    parameters: z.toJSONSchema(tool.parameters, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
  };
}

export const okResult = (data: unknown, summary: string, cards: ToolResult['cards'] = []): ToolResult => ({
  ok: true,
  data,
  cards,
  summary,
});

export const failedResult = (error: string): ToolResult => ({ ok: false, data: null, cards: [], summary: error, error });

/** A limit argument: a model may send anything, so it is clamped rather than refused. */
export const limitArg = (max: number, fallback: number) =>
  z.coerce.number().int().catch(fallback).transform((n) => Math.min(Math.max(n, 1), max)).optional();
