import type { Reply } from './envelope.ts';

/** What both apps tell a person when a call never got an answer (or got one that is not ours). */
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络连接';
export const TIMEOUT_MESSAGE = '请求超时，请稍后再试';
export const CANCELLED_MESSAGE = '请求已取消';
export const BAD_REPLY_MESSAGE = '服务器返回的数据格式不正确';

/** A call that failed: a refusal in the envelope (code), a transport failure (status), or neither (no answer). */
export class RequestError extends Error {
  constructor(
    message: string,
    /** The reply code, when the server answered with an envelope. */
    readonly code?: number,
    /** The HTTP status, when the transport failed. */
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }

  /** The caller withdrew the call (left the page, typed on): nothing to tell anyone. */
  get cancelled(): boolean {
    return this.code === undefined && this.status === undefined && this.message === CANCELLED_MESSAGE;
  }
}

/** What a screen whose data failed to load says when it has nothing more precise. */
export const LOAD_FAILED_MESSAGE = '网络或服务器出了点问题，请稍后重试';

/**
 * The sentence under 加载失败: the screen's own `message`, else the error's (the request helpers
 * give Chinese ones), else the general one. Both apps' LoadError show it; their looks and actions differ.
 */
export function loadFailureText<T>(error: unknown, message?: T): T | string {
  if (message !== undefined && message !== null) return message;
  return error instanceof Error && error.message ? error.message : LOAD_FAILED_MESSAGE;
}

/** Our reply envelope, `{ code, message, data, success }`, rather than a proxy's page or nothing. */
export function isEnvelope(body: unknown): body is Reply<unknown> {
  return !!body && typeof body === 'object' && typeof (body as Reply).code === 'number';
}

/** An answer as it came: the HTTP status and the body, parsed when it is JSON (a proxy's page stays text). */
export interface RawReply {
  ok: boolean;
  status: number;
  statusText: string;
  body: unknown;
}

export interface DeadlineOptions {
  timeoutMs: number;
  /** The caller's own cancel (an unmounted screen); the deadline aborts the same call. */
  signal?: AbortSignal;
}

/**
 * One call with a deadline: the answer read in full, or a RequestError in Chinese saying why there is
 * none (timed out, cancelled, no network). The reading of the body counts against the deadline too:
 * a server that sends headers and stalls is a timeout, not a hang.
 */
export async function fetchWithDeadline(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  { timeoutMs, signal }: DeadlineOptions,
): Promise<RawReply> {
  // Our own controller, aborted by the deadline and by the caller's signal alike: AbortSignal.any and
  // AbortSignal.timeout are newer than some phones buyers still shop on.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel);
  try {
    const res = await fetcher(url, { ...init, signal: controller.signal });
    const text = await res.text();
    return { ok: res.ok, status: res.status, statusText: res.statusText, body: parseBody(text) };
  } catch {
    if (timedOut) throw new RequestError(TIMEOUT_MESSAGE);
    if (signal?.aborted) throw new RequestError(CANCELLED_MESSAGE);
    throw new RequestError(NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
