import {
  BAD_REPLY_MESSAGE,
  Code,
  REQUEST_TIMEOUT_MS,
  RequestError,
  fetchWithDeadline,
  isEnvelope,
  messageFor,
  type RawReply,
  type Reply,
} from '@mall/shared';
import { PATHS, consolePath, loginPath } from './paths.ts';
import { tokenStore } from './token.ts';

/**
 * The console's one request helper: JSON in and out, `Authorization: Bearer <token>`, the reply
 * envelope unwrapped, a 10-second timeout, and the operator codes handled in one place:
 * 105/106 (and 107, an account disabled while signed in) → sign in again and come back,
 * 110003 → 修改密码, 110001 → 账号安全 (bind an authenticator), 403 and every other refusal →
 * a toast with the server's Chinese message.
 * Callers that show the message themselves (forms) pass `silent`.
 */

export const LOGIN_URL = '/ops/auth/login';
/** A supplier signs into its store's console account with its shop member account. */
export const SUPPLIER_LOGIN_URL = '/ops/auth/supplier-login';

export { BAD_REPLY_MESSAGE, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE, RequestError } from '@mall/shared';

/** What the helper does to the page; the app injects the router and antd's toasts, tests inject spies. */
export interface RequestEnv {
  /** Navigates inside the console (paths without the `/admin` basename). */
  navigate: (to: string) => void;
  /** Where the operator is now, inside the console (`/orders?status=1`). */
  currentPath: () => string;
  toast: (text: string) => void;
  /** The token was dropped (session over): cached data of the previous operator must go too. */
  onSessionCleared: () => void;
}

export interface RequestOptions {
  /** No toast: the caller shows the message (forms). Session codes are still acted on. */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Overrides the 10-second timeout (exports, uploads). */
  timeoutMs?: number;
}

const defaultEnv: RequestEnv = {
  navigate: (to) => window.location.assign(`/admin${to}`),
  currentPath: () => consolePath(),
  toast: (text) => console.error(text),
  onSessionCleared: () => {},
};
let env: RequestEnv = defaultEnv;

export function configureRequest(overrides: Partial<RequestEnv>) {
  env = { ...env, ...overrides };
}

/** For tests: back to the plain environment. */
export function resetRequestEnv() {
  env = defaultEnv;
}

function pathOnly(path: string) {
  return path.split('?')[0]!;
}

/** Sends the operator to a console screen unless already there (many refused calls, one move). */
function goTo(path: string) {
  if (pathOnly(env.currentPath()) === pathOnly(path)) return;
  env.navigate(path);
}

function handleRefusal(url: string, reply: Reply<unknown>, options: RequestOptions): RequestError {
  const message = reply.message || messageFor(reply.code);
  const error = new RequestError(message, reply.code, undefined, reply.data);
  const isLogin = url === LOGIN_URL || url === SUPPLIER_LOGIN_URL;
  switch (reply.code) {
    case Code.SESSION_OVER:
    case Code.NOT_SIGNED_IN:
    case Code.MEMBER_DISABLED: {
      // On sign-in, 107 is an answer for the form; anywhere else the session is no longer any good.
      if (isLogin) break;
      const from = env.currentPath();
      const hadToken = tokenStore.get() !== null;
      tokenStore.clear();
      env.onSessionCleared();
      if (pathOnly(from) !== PATHS.login) {
        // A session that ended under the operator's feet deserves a word (even for a silent call: it
        // explains the sign-in page); a visitor who had none does not, and many refusals say it once.
        if (hadToken) env.toast(message);
        env.navigate(loginPath(from));
      }
      return error;
    }
    case Code.OPS_PASSWORD_CHANGE_REQUIRED:
      if (isLogin) break;
      goTo(PATHS.password);
      return error;
    case Code.OPS_TOTP_REQUIRED:
      // On sign-in it asks for the code; anywhere else a 超级管理员 must first bind an authenticator.
      if (isLogin) break;
      goTo(`${PATHS.security}?reason=totp`);
      return error;
    default:
      break;
  }
  if (!options.silent) env.toast(message);
  return error;
}

async function send<T>(
  method: 'GET' | 'POST',
  url: string,
  body: BodyInit | undefined,
  options: RequestOptions,
  json: boolean,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (json) headers['Content-Type'] = 'application/json';
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;

  let reply: RawReply;
  try {
    reply = await fetchWithDeadline(
      fetch,
      url,
      { method, headers, body, credentials: 'same-origin' },
      { timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS, signal: options.signal },
    );
  } catch (err) {
    const error = err as RequestError;
    if (!options.silent && !error.cancelled) env.toast(error.message);
    throw error;
  }

  const payload = reply.body;
  if (!isEnvelope(payload)) {
    const message = reply.ok ? BAD_REPLY_MESSAGE : `请求失败（HTTP ${reply.status}）`;
    if (!options.silent) env.toast(message);
    throw new RequestError(message, undefined, reply.ok ? undefined : reply.status);
  }
  if (payload.code === Code.OK) return payload.data as T;
  throw handleRefusal(url, payload, options);
}

type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** `?a=1&b=x&tag=1&tag=2`, leaving out empty values (so a cleared filter is not sent as ""). */
export function toQueryString(params?: Query): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const request = {
  get<T>(url: string, params?: Query, options: RequestOptions = {}) {
    return send<T>('GET', `${url}${toQueryString(params)}`, undefined, options, false);
  },
  post<T>(url: string, body: unknown = {}, options: RequestOptions = {}) {
    return send<T>('POST', url, JSON.stringify(body), options, true);
  },
  /** Multipart (file uploads); the browser sets the boundary. */
  upload<T>(url: string, form: FormData, options: RequestOptions = {}) {
    return send<T>('POST', url, form, options, false);
  },
};

/** A refusal's message for a form: the request helper's text, or a general one. */
export function errorMessage(error: unknown, fallback = '操作失败，请稍后再试'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
