import type { ToolResult, TurnIO } from '../provider.ts';
import { toolMessage, type ChatMessage } from './openai-prompt.ts';
import { parseArguments, type AssembledCall } from './openai-tool-calls.ts';

/**
 * Runs the tool calls of one model round, in order, through io.callTool (the turn's member; the turn
 * runner shows the tool events, logs and limits each call), and shows the cards each result made.
 * Arguments that are not a JSON object never reach a tool: the model is told so and may try again.
 */
export async function runToolCalls(calls: AssembledCall[], io: TurnIO): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [];
  for (const call of calls) {
    if (io.signal.aborted) break;
    const parsed = parseArguments(call.arguments);
    if (!parsed.ok) {
      messages.push(
        toolMessage(call.id, {
          ok: false,
          data: null,
          error: 'arguments 不是合法的 JSON 对象，请按参数说明重新调用 (invalid JSON arguments)',
        }),
      );
      continue;
    }
    let result: ToolResult;
    try {
      result = await io.callTool(call.name, parsed.args);
    } catch (err) {
      if (io.signal.aborted) break;
      const error = err instanceof Error && /[\u4e00-\u9fff]/.test(err.message) ? err.message : '工具调用失败';
      result = { ok: false, data: null, cards: [], summary: error, error };
    }
    if (result.ok) for (const card of result.cards) io.emit({ type: 'card', data: card });
    messages.push(toolMessage(call.id, result));
  }
  return messages;
}
