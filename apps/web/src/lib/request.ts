import {
  BAD_REPLY_MESSAGE,
  CANCELLED_MESSAGE,
  Code,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  RequestError,
  VISITOR_ID_PREFIX,
  fetchWithDeadline,
  isEnvelope,
  type Reply,
} from '@mall/shared';
import { storage } from './storage.ts';
import { loginPathFor } from './redirect.ts';
import { httpStatusMessage } from './http-messages.ts';
import { pageIsLeaving } from './pageLeaving.ts';

/**
 * The one request helper of spec §7–8. Every call carries `Authorization` and `VistorId`, unwraps the
 * reply envelope and handles the error catalogue: 104 refreshes once for everyone, 105/106 ask the
 * buyer to sign in (and back to this page afterwards), 107301 offers to go back, anything else is
 * shown as a toast.
 */

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel?: () => void;
}

/** What the helper does to the page; the app injects the router and antd's themed dialogs, tests inject spies. */
export interface RequestEnv {
  navigate: (to: string) => void;
  /** Where the buyer is (path and query): the sign-in page brings them back here. */
  currentPath: () => string;
  /** Back in history, or to `/` when there is no page to go back to. */
  goBack: () => void;
  confirm: (options: ConfirmOptions) => void;
  toast: (text: string) => void;
  /** Tokens and profile were dropped (failed refresh, session over): the session store forgets the member. */
  onSessionCleared: () => void;
  /** How a call goes out: the browser's fetch; the server's page renderer answers in process (entry-server.tsx). */
  fetch: typeof globalThis.fetch;
}

export interface RequestOptions {
  /** Shown when the server gives no message, and before the status text of an HTTP failure (flow messages). */
  flowMessage?: string;
  /** No toast and no dialog: the caller decides (start-up restore). 104 refresh still applies. */
  silent?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export { RequestError };

export const REFRESH_URL = '/member/user/auth/refresh';
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

/** One call as the helper sends it; `send` adds the common headers and reads the reply. */
interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: string | FormData;
  headers?: Record<string, string>;
}

let env: RequestEnv = {
  navigate: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
  goBack: () => (window.history.length > 1 ? window.history.back() : window.location.assign('/')),
  // Plain fallbacks until the app injects antd's dialogs (see app/requestBridge.ts).
  confirm: (o) => {
    if (window.confirm(`${o.title}\n${o.content}`)) o.onOk();
    else o.onCancel?.();
  },
  toast: (text) => console.error(text),
  onSessionCleared: () => {},
  fetch: (input, init) => fetch(input, init),
};

export function configureRequest(overrides: Partial<RequestEnv>) {
  env = { ...env, ...overrides };
}

/** One refresh at a time: every request that meets 104 waits on the same promise. */
let refreshing: Promise<string> | null = null;
/** One sign-in prompt at a time, however many requests are refused together. */
let loginPromptOpen = false;

/** For tests: forget in-flight refreshes and open prompts. */
export function resetRequestState() {
  refreshing = null;
  loginPromptOpen = false;
}

function commonHeaders(): Record<string, string> {
  const headers: Record<string, string> = { VistorId: `${VISITOR_ID_PREFIX}${storage.getVisitorId()}` };
  const token = storage.getAccessToken();
  if (token) headers.Authorization = token;
  return headers;
}

/** `a=1&b=x&tags=p&tags=q`: arrays as repeated keys, null and undefined left out (query strings and spec §7's form bodies). */
export function encodeForm(body: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item !== null && item !== undefined) form.append(key, String(item));
    }
  }
  return form.toString();
}

/**
 * The reply body (parsed when it is JSON), or a RequestError in Chinese: an HTTP failure (with the
 * body, so that a silent caller may show the server's own message), a timeout, a cancel, no network.
 */
async function transport(call: Call, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const reply = await fetchWithDeadline(
    env.fetch,
    call.url,
    { method: call.method, headers, body: call.body },
    { timeoutMs: REQUEST_TIMEOUT_MS, signal },
  );
  if (!reply.ok) throw new RequestError(httpStatusMessage(reply.status, reply.statusText), undefined, reply.status, reply.body);
  return reply.body;
}

function clearSession() {
  storage.clearSession();
  env.onSessionCleared();
}

function showLoginPrompt() {
  if (loginPromptOpen) return;
  loginPromptOpen = true;
  env.confirm({
    title: '登录提示',
    content: '该操作需要登录后才能进行，是否前往登录？',
    okText: '去登录',
    cancelText: '取消',
    onOk: () => {
      loginPromptOpen = false;
      env.navigate(loginPathFor(env.currentPath()));
    },
    onCancel: () => {
      loginPromptOpen = false;
    },
  });
}

function showOffShelf() {
  env.confirm({
    title: '商品已下架',
    content: '该商品已下架，是否返回上一页？',
    okText: '返回',
    cancelText: '取消',
    onOk: () => env.goBack(),
  });
}

async function doRefresh(): Promise<string> {
  const refreshToken = storage.getRefreshToken();
  if (!refreshToken) throw new RequestError('no refresh token', Code.SESSION_OVER);
  const reply = (await transport(
    { method: 'POST', url: REFRESH_URL, body: encodeForm({ refreshToken }) },
    { ...commonHeaders(), 'Content-Type': FORM_TYPE },
  )) as Reply<unknown> | undefined;
  if (reply?.code !== Code.OK || typeof reply.data !== 'string' || !reply.data) {
    throw new RequestError(reply?.message || '登录已失效，请重新登录', reply?.code ?? Code.SESSION_OVER);
  }
  storage.setAccessToken(reply.data);
  return reply.data;
}

/** The new access token; `sentWith` tells whether someone else already refreshed since the request left. */
function refreshOnce(sentWith: string | null): Promise<string> {
  const current = storage.getAccessToken();
  if (!refreshing && current && current !== sentWith) return Promise.resolve(current);
  if (!refreshing) {
    refreshing = doRefresh()
      .catch((err: unknown) => {
        if (!pageIsLeaving()) clearSession(); // one cut short by leaving the page did not fail
        throw err;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

async function send<T>(call: Call, options: RequestOptions, replayed = false): Promise<T> {
  const headers = { ...call.headers, ...options.headers, ...commonHeaders() };
  const sentWith = headers.Authorization ?? null;
  let reply: Reply<T> | undefined;
  try {
    reply = (await transport(call, headers, options.signal)) as Reply<T> | undefined;
  } catch (err) {
    const error = err as RequestError;
    if (!options.silent && !error.cancelled) {
      env.toast(options.flowMessage && error.status ? `${options.flowMessage}：${error.message}` : error.message);
    }
    throw error;
  }
  return settle<T>(reply, options, sentWith, replayed, () => send<T>(call, options, true));
}

/**
 * The envelope's answer: the data on 0; otherwise the error catalogue (104 refreshes once and
 * `replay`s the call, 105/106 ask to sign in, 107301 offers to go back, the rest is a toast).
 */
async function settle<T>(
  reply: unknown,
  options: RequestOptions,
  sentWith: string | null,
  replayed: boolean,
  replay: () => Promise<T>,
): Promise<T> {
  if (!isEnvelope(reply)) {
    const error = new RequestError(options.flowMessage || BAD_REPLY_MESSAGE);
    if (!options.silent) env.toast(error.message);
    throw error;
  }
  const message = reply.message || options.flowMessage || '';
  switch (reply.code) {
    case Code.OK:
      return reply.data as T;
    case Code.ACCESS_TOKEN_EXPIRED: {
      if (!replayed) {
        try {
          await refreshOnce(sentWith);
        } catch (err) {
          if (!options.silent) showLoginPrompt();
          throw err;
        }
        return replay();
      }
      // A fresh token refused again: the session cannot be saved.
      clearSession();
      if (!options.silent) showLoginPrompt();
      throw new RequestError(message, reply.code, undefined, reply.data);
    }
    case Code.SESSION_OVER:
    case Code.NOT_SIGNED_IN:
      // 105: the server has ended this session; 106: it holds none for us. Either way the stored
      // tokens and profile are worthless, and the page behind the dialog must know (LoadError).
      if (storage.hasTokens() || storage.getUserInfo()) clearSession();
      if (!options.silent) showLoginPrompt();
      throw new RequestError(message, reply.code, undefined, reply.data);
    case Code.GOODS_OFF_SHELF:
      if (!options.silent) showOffShelf();
      throw new RequestError(message, reply.code, undefined, reply.data);
    default:
      if (!options.silent && message) env.toast(message);
      throw new RequestError(message, reply.code, undefined, reply.data);
  }
}

/** Sends one call; no answer at all (the network, a cancel) is a RequestError, said unless silent or cancelled. */
async function sendOrFail(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  try {
    return await env.fetch(url, { ...init, signal: options.signal });
  } catch {
    const error = new RequestError(options.signal?.aborted ? CANCELLED_MESSAGE : NETWORK_ERROR_MESSAGE);
    if (!options.silent && !error.cancelled) env.toast(error.message);
    throw error;
  }
}

/**
 * What came instead of the stream or file asked for: the envelope of a refusal for `settle`, or undefined
 * for an envelope that says 0 (no answer either); a failed transport without an envelope is thrown.
 */
async function refusalOf(response: Response, options: RequestOptions): Promise<unknown> {
  let reply: unknown;
  try {
    const text = await response.text();
    reply = text ? JSON.parse(text) : undefined;
  } catch {
    reply = undefined;
  }
  if (!response.ok && !isEnvelope(reply)) {
    const error = new RequestError(httpStatusMessage(response.status, response.statusText), undefined, response.status, reply);
    if (!options.silent) env.toast(error.message);
    throw error;
  }
  return isEnvelope(reply) && reply.code === Code.OK ? undefined : reply;
}

/**
 * A POST whose answer streams (text/event-stream): the open response for the caller to read, with no
 * deadline (an answer may stream for a while; the caller's signal stops it). A refusal before streaming
 * comes as an ordinary envelope and goes through the same catalogue as any call (104 refreshes and
 * opens the stream again; the rest is thrown as a RequestError).
 */
async function openStream(url: string, body: unknown, options: RequestOptions, replayed = false): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
    ...options.headers,
    ...commonHeaders(),
  };
  const sentWith = headers.Authorization ?? null;
  const response = await sendOrFail(url, { method: 'POST', headers, body: JSON.stringify(body ?? {}) }, options);
  if (response.ok && (response.headers.get('Content-Type') ?? '').includes('text/event-stream')) return response;
  const reply = await refusalOf(response, options);
  return settle<Response>(reply, options, sentWith, replayed, () => openStream(url, body, options, true));
}

/** A file the server sent as an attachment: its bytes and the name it gave. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The name of `Content-Disposition` (its UTF-8 `filename*` first). */
function fileNameOf(disposition: string, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!);
    } catch {
      /* the plain name below */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * A GET answered by a file (a 个人信息副本): sent with the session like any call, so a link alone opens
 * nothing. A refusal comes as an envelope and goes through the same catalogue (104 refreshes and asks again).
 */
async function openDownload(url: string, options: RequestOptions, replayed = false): Promise<DownloadedFile> {
  const headers: Record<string, string> = { ...options.headers, ...commonHeaders() };
  const sentWith = headers.Authorization ?? null;
  const response = await sendOrFail(url, { method: 'GET', headers }, options);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  if (response.ok && /attachment/i.test(disposition)) return { blob: await response.blob(), fileName: fileNameOf(disposition, 'download') };
  const reply = await refusalOf(response, options);
  return settle<DownloadedFile>(reply, options, sentWith, replayed, () => openDownload(url, options, true));
}

export const request = {
  get<T>(url: string, params?: Record<string, unknown>, options: RequestOptions = {}) {
    const query = params ? encodeForm(params) : '';
    return send<T>({ method: 'GET', url: query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url }, options);
  },
  /** JSON body: every call outside spec §7's auth calls. */
  post<T>(url: string, body?: unknown, options: RequestOptions = {}) {
    return send<T>({ method: 'POST', url, body: JSON.stringify(body ?? {}), headers: { 'Content-Type': 'application/json' } }, options);
  },
  /** Multipart body (file uploads); the browser sets the boundary. */
  upload<T>(url: string, form: FormData, options: RequestOptions = {}) {
    return send<T>({ method: 'POST', url, body: form }, options);
  },
  /** Form body with repeated array keys (`a=1&a=2`): the auth calls of spec §7. */
  postForm<T>(url: string, body: Record<string, unknown> = {}, options: RequestOptions = {}) {
    return send<T>({ method: 'POST', url, body: encodeForm(body), headers: { 'Content-Type': FORM_TYPE } }, options);
  },
  /** JSON body, answered by a stream of server-sent events: the open response (see openStream). */
  stream(url: string, body?: unknown, options: RequestOptions = {}) {
    return openStream(url, body, options);
  },
  /** GET answered by a file: its bytes and name (see openDownload). */
  download(url: string, options: RequestOptions = {}) {
    return openDownload(url, options);
  },
};
