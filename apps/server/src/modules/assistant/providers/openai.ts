import OpenAI from 'openai';
import type { Config } from '../../../config.ts';
import {
  MODEL_LABEL,
  ProviderError,
  type AssistantProvider,
  type ProviderFactory,
  type Turn,
  type TurnIO,
} from '../provider.ts';
import { firstMessages, toolsParam, type ChatMessage } from './openai-prompt.ts';
import { callModel, FILTERED_FINISH, ModelFailure, type FailureKind, type RequestPolicy } from './openai-request.ts';
import { runToolCalls } from './openai-tools.ts';

/**
 * The `openai` provider: any OpenAI-compatible chat-completions endpoint (DeepSeek, DashScope Qwen,
 * Moonshot, Zhipu, llama.cpp, Ollama…) with streaming and tool calling through the shop's tools.
 * Each round the model may call tools (run through io.callTool for the turn's member); once it has
 * made ASSISTANT_MAX_STEPS tool calls it is asked once more without tools and must answer from what
 * it has. Text deltas stream to the buyer as they come; reasoning never does.
 */

export interface OpenAISettings {
  baseURL: string;
  model: string;
  apiKey?: string;
  /** Tool calls one answer may make (ASSISTANT_MAX_STEPS). */
  maxSteps: number;
  policy: RequestPolicy;
  /** Cap on the answer of one call (sent as max_tokens, dropped if the vendor refuses it). */
  maxTokens?: number;
}

const FAILURE_MESSAGES: Record<FailureKind, string> = {
  timeout: 'AI 助手响应超时，请稍后再试。',
  busy: 'AI 助手当前太忙，请稍后再试。',
  unavailable: 'AI 助手暂时无法连接，请稍后再试。',
  refused: 'AI 助手暂时不可用，请稍后再试。',
  filtered: '这个问题 AI 助手暂时无法回答，请换个说法再试。',
  broken: 'AI 助手的回答中断了，请重新生成。',
};

export function openAIProvider(settings: OpenAISettings): AssistantProvider {
  const client = new OpenAI({
    baseURL: settings.baseURL,
    // llama.cpp and Ollama need no key; the SDK insists on one, which they ignore.
    apiKey: settings.apiKey ?? 'no-key',
    maxRetries: 0,
    timeout: settings.policy.timeoutMs + 1000,
    // Only the shop's settings decide: none of the SDK's own OPENAI_* variables, and no debug log of
    // requests (OPENAI_LOG would print them, key included).
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    logLevel: 'off',
  });
  // Parameters this endpoint refused once: left out of every later call.
  const refused = new Set<string>();
  return {
    name: 'openai',
    label: MODEL_LABEL,
    respond: (turn, io) => respond(client, settings, refused, turn, io),
  };
}

export const createOpenAIProvider: ProviderFactory = (config: Config) =>
  openAIProvider({
    baseURL: config.ASSISTANT_BASE_URL ?? '',
    model: config.ASSISTANT_MODEL ?? '',
    apiKey: config.ASSISTANT_API_KEY,
    maxSteps: config.ASSISTANT_MAX_STEPS,
    maxTokens: 1024,
    policy: { timeoutMs: config.ASSISTANT_TIMEOUT_MS, retries: 2, backoffMs: 500, maxWaitMs: 10_000 },
  });

async function respond(client: OpenAI, settings: OpenAISettings, refused: Set<string>, turn: Turn, io: TurnIO) {
  const messages: ChatMessage[] = firstMessages(turn);
  const tools = toolsParam(io.tools);
  let toolCalls = 0;
  for (;;) {
    const withTools = tools.length > 0 && toolCalls < settings.maxSteps;
    const body: Record<string, unknown> = {
      model: settings.model,
      messages,
      stream: true,
      stream_options: { include_usage: true },
      ...(settings.maxTokens ? { max_tokens: settings.maxTokens } : {}),
      ...(withTools ? { tools } : {}),
    };
    let step;
    try {
      step = await callModel(client, body, {
        signal: io.signal,
        policy: settings.policy,
        refused,
        onText: (text) => io.emit({ type: 'delta', data: { text } }),
      });
    } catch (err) {
      if (io.signal.aborted) return;
      if (err instanceof ModelFailure) throw new ProviderError(FAILURE_MESSAGES[err.kind], { cause: err });
      throw err;
    }
    const sent = JSON.stringify(messages).length;
    io.countTokens(step.usage ? step.usage.prompt + step.usage.completion : estimateTokens(sent + step.text.length));
    if (io.signal.aborted) return;
    if (!withTools || step.calls.length === 0) {
      if (!step.text.trim()) {
        const filtered = FILTERED_FINISH.has(step.finishReason ?? '');
        throw new ProviderError(filtered ? FAILURE_MESSAGES.filtered : 'AI 助手这次没有给出回答，请换个说法再试。');
      }
      return;
    }
    messages.push({
      role: 'assistant',
      content: step.text || null,
      tool_calls: step.calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      })),
      // DeepSeek and Moonshot thinking models want their reasoning handed back with the tool call.
      ...(step.reasoning ? { reasoning_content: step.reasoning } : {}),
    });
    toolCalls += step.calls.length;
    const results = await runToolCalls(step.calls, io);
    if (io.signal.aborted) return;
    messages.push(...results);
  }
}

/** Tokens of a call when the vendor reports no usage: about one token per 1.5 characters of Chinese. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 1.5);
}
