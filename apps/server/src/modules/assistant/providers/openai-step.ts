import type OpenAI from 'openai';
import { ThinkFilter } from './openai-think.ts';
import { ToolCallAssembler, type AssembledCall, type ToolCallDelta } from './openai-tool-calls.ts';

/**
 * One streamed model call: text deltas go out as they come (the reasoning never does), tool calls are
 * assembled, usage is read from whichever chunk carries it. The SDK's SSE decoder splits lines on bytes
 * and decodes whole lines, so a character cut across two network chunks arrives whole.
 */

export interface StepResult {
  text: string;
  /** `reasoning_content` as sent: handed back with a tool call to the vendors that ask for it. */
  reasoning: string;
  calls: AssembledCall[];
  finishReason: string | null;
  usage: { prompt: number; completion: number } | null;
  /** Whether any answer text went out to the buyer (then the call is not retried). */
  emitted: boolean;
}

interface DeltaShape {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: ToolCallDelta[] | null;
}

export async function runStep(
  client: OpenAI,
  body: Record<string, unknown>,
  opts: { signal: AbortSignal; timeoutMs: number; onText: (text: string) => void },
): Promise<StepResult> {
  // The request and every gap between two chunks are held to timeoutMs: a vendor that accepts the
  // request and then falls silent is cut off like one that never answers.
  const idle = new AbortController();
  const signal = AbortSignal.any([opts.signal, idle.signal]);
  let timer = setTimeout(() => idle.abort(new StepTimeout()), opts.timeoutMs);
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(new StepTimeout()), opts.timeoutMs);
  };
  const result: StepResult = { text: '', reasoning: '', calls: [], finishReason: null, usage: null, emitted: false };
  const calls = new ToolCallAssembler();
  const think = new ThinkFilter();
  const out = (piece: string) => {
    if (!piece) return;
    result.text += piece;
    result.emitted = true;
    opts.onText(piece);
  };
  try {
    const stream = await client.chat.completions.create(
      body as unknown as OpenAI.ChatCompletionCreateParamsStreaming,
      // The SDK's own timer is a backstop: ours (above) fires first and also covers the body.
      { signal, timeout: opts.timeoutMs + 1000, maxRetries: 0 },
    );
    for await (const chunk of stream) {
      rearm();
      const usage = chunk.usage;
      if (usage) result.usage = { prompt: usage.prompt_tokens ?? 0, completion: usage.completion_tokens ?? 0 };
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const delta = (choice.delta ?? {}) as DeltaShape;
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (typeof reasoning === 'string') result.reasoning += reasoning;
      if (typeof delta.content === 'string') out(think.push(delta.content));
      for (const call of delta.tool_calls ?? []) calls.add(call);
      if (choice.finish_reason) result.finishReason = choice.finish_reason;
    }
    // The SDK ends the iteration quietly when the request is aborted: a silent vendor is a time-out.
    if (idle.signal.aborted) throw new StepTimeout();
    out(think.flush());
  } catch (err) {
    if (idle.signal.aborted && !opts.signal.aborted) throw new StepTimeout();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  result.calls = calls.calls();
  return result;
}

export class StepTimeout extends Error {
  constructor() {
    super('model step timed out');
  }
}
