import OpenAI from 'openai';
import { runStep, StepTimeout, type StepResult } from './openai-step.ts';

/**
 * One model call as the buyer should experience it: retried with backoff on 429, 5xx and a dropped
 * connection (Retry-After honoured), never on another 4xx; a parameter the vendor refuses with a 400 is
 * dropped and the call made once more (and left out of later calls); a time-out or a failure ends in a
 * ModelFailure the provider turns into a Chinese sentence. Nothing is retried once answer text went out.
 */

/** Parameters the shop sends that a vendor may refuse without the answer suffering. */
export const OPTIONAL_PARAMS = ['stream_options', 'parallel_tool_calls', 'tool_choice', 'max_tokens'] as const;

export type FailureKind = 'timeout' | 'busy' | 'unavailable' | 'refused' | 'filtered' | 'broken';

/**
 * How the vendors say their content check refused the question or the answer: DashScope
 * `data_inspection_failed`, Zhipu code 1301, Moonshot and others `content_filter`.
 */
export const CONTENT_FILTERED = /data_inspection_failed|content_filter|\b1301\b|不安全|敏感/i;
/** The finish reasons that mean the same, on a stream that ends with no answer. */
export const FILTERED_FINISH = new Set(['content_filter', 'sensitive']);

export class ModelFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly detail: string,
  ) {
    super(`model call failed (${kind}): ${detail}`);
  }
}

export interface RequestPolicy {
  timeoutMs: number;
  /** Retries after the first try, for 429 / 5xx / connection errors. */
  retries: number;
  /** First backoff; doubled each retry, with jitter. */
  backoffMs: number;
  /** A Retry-After longer than this is not waited for: the call fails as busy. */
  maxWaitMs: number;
}

export async function callModel(
  client: OpenAI,
  body: Record<string, unknown>,
  opts: { signal: AbortSignal; policy: RequestPolicy; refused: Set<string>; onText: (text: string) => void },
): Promise<StepResult> {
  const { policy } = opts;
  let retries = 0;
  let droppedOnce = false;
  for (;;) {
    for (const param of opts.refused) delete body[param];
    let emitted = false;
    try {
      return await runStep(client, body, {
        signal: opts.signal,
        timeoutMs: policy.timeoutMs,
        onText: (t) => {
          emitted = true;
          opts.onText(t);
        },
      });
    } catch (err) {
      if (opts.signal.aborted) throw err;
      if (err instanceof StepTimeout || err instanceof OpenAI.APIConnectionTimeoutError)
        throw new ModelFailure('timeout', `no reply within ${policy.timeoutMs} ms`);
      if (emitted) throw new ModelFailure('broken', describe(err));
      const status = err instanceof OpenAI.APIError ? err.status : undefined;
      if (status === 400 && !droppedOnce) {
        const param = refusedParam(err as InstanceType<typeof OpenAI.APIError>, body);
        if (param) {
          opts.refused.add(param);
          droppedOnce = true;
          continue;
        }
      }
      const retryable =
        status === undefined
          ? err instanceof OpenAI.APIConnectionError
          : status === 429 || status === 408 || status >= 500;
      if (!retryable)
        throw new ModelFailure(CONTENT_FILTERED.test(errorText(err)) ? 'filtered' : 'refused', describe(err));
      const kind: FailureKind = status === 429 ? 'busy' : 'unavailable';
      if (retries >= policy.retries) throw new ModelFailure(kind, describe(err));
      const wait = waitBefore(err, retries, policy);
      if (wait === null) throw new ModelFailure(kind, `${describe(err)}; Retry-After beyond ${policy.maxWaitMs} ms`);
      retries++;
      await sleep(wait, opts.signal);
    }
  }
}

/** The optional parameter a 400 names (by its `param` field or in its message), if the body has it. */
function refusedParam(err: InstanceType<typeof OpenAI.APIError>, body: Record<string, unknown>): string | undefined {
  const text = errorText(err);
  return OPTIONAL_PARAMS.find((p) => p in body && text.includes(p));
}

/** What an error says of itself: its body's param, code and message, and the SDK's message. */
function errorText(err: unknown): string {
  if (!(err instanceof OpenAI.APIError)) return err instanceof Error ? err.message : '';
  const error = (err.error ?? {}) as { param?: unknown; code?: unknown; message?: unknown };
  return [error.param, error.code, error.message, err.message]
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(' ');
}

function waitBefore(err: unknown, retries: number, policy: RequestPolicy): number | null {
  const headers = err instanceof OpenAI.APIError ? err.headers : undefined;
  const ms = retryAfterMs(headers?.get('retry-after-ms') ?? null, headers?.get('retry-after') ?? null);
  if (ms !== null) return ms > policy.maxWaitMs ? null : ms;
  const backoff = policy.backoffMs * 2 ** retries;
  return Math.round(backoff / 2 + (Math.random() * backoff) / 2);
}

/** Retry-After as milliseconds: `retry-after-ms`, seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(msHeader: string | null, header: string | null, now = Date.now()): number | null {
  const ms = msHeader === null ? NaN : Number(msHeader);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  if (header === null || !header.trim()) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function describe(err: unknown): string {
  if (err instanceof OpenAI.APIError) return `HTTP ${err.status ?? '-'} ${err.message}`.slice(0, 300);
  return err instanceof Error ? err.message.slice(0, 300) : 'unknown error';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
