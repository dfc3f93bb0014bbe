/**
 * Chat-completion chunks shaped as the vendors send them. `toolCall` leaves out `index` unless asked:
 * Ollama, some llama.cpp builds, Gemini's and several proxies' OpenAI-compatible endpoints do; DeepSeek,
 * Qwen (DashScope), Moonshot and Zhipu send the name once and the arguments over several deltas.
 */

let serial = 0;
const base = () => ({ id: `chatcmpl-fake-${++serial}`, object: 'chat.completion.chunk', created: 1, model: 'fake' });

export function text(content: string) {
  return { ...base(), choices: [{ index: 0, delta: { content }, finish_reason: null }] };
}

/** DeepSeek / Qwen / Moonshot thinking models: reasoning beside (before) the answer. */
export function reasoning(reasoning_content: string) {
  return { ...base(), choices: [{ index: 0, delta: { content: null, reasoning_content }, finish_reason: null }] };
}

export interface ToolDelta {
  id?: string;
  name?: string;
  arguments?: string;
  /** Sent only when given: many vendors leave it out. */
  index?: number;
}

export function toolCall(...calls: ToolDelta[]) {
  const tool_calls = calls.map((c) => ({
    ...(c.index === undefined ? {} : { index: c.index }),
    ...(c.id === undefined ? {} : { id: c.id, type: 'function' }),
    function: { ...(c.name === undefined ? {} : { name: c.name }), arguments: c.arguments ?? '' },
  }));
  return { ...base(), choices: [{ index: 0, delta: { tool_calls }, finish_reason: null }] };
}

export function finish(
  reason: 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'sensitive',
  usage?: { prompt: number; completion: number },
) {
  return {
    ...base(),
    choices: [{ index: 0, delta: {}, finish_reason: reason }],
    ...(usage
      ? {
          usage: {
            prompt_tokens: usage.prompt,
            completion_tokens: usage.completion,
            total_tokens: usage.prompt + usage.completion,
          },
        }
      : {}),
  };
}

/** The last chunk with `stream_options.include_usage`: no choices, only usage. */
export function usageOnly(prompt: number, completion: number) {
  return {
    ...base(),
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}

/** A whole answer streamed in pieces, then `stop`. */
export function answer(...pieces: string[]) {
  return [...pieces.map(text), finish('stop')];
}

/** A 400 as a vendor refuses a parameter it does not know. */
export function refusedParameter(param: string) {
  return {
    kind: 'status' as const,
    status: 400,
    body: {
      error: { message: `Unrecognized request argument supplied: ${param}`, type: 'invalid_request_error', param },
    },
  };
}

export function tooManyRequests(retryAfterSeconds: number) {
  return {
    kind: 'status' as const,
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } },
  };
}
