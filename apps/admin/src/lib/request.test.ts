import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '@mall/shared';
import {
  BAD_REPLY_MESSAGE,
  LOGIN_URL,
  NETWORK_ERROR_MESSAGE,
  RequestError,
  TIMEOUT_MESSAGE,
  configureRequest,
  request,
  resetRequestEnv,
  toQueryString,
} from './request.ts';
import { TOKEN_KEY } from './token.ts';

/** A fake server behind fetch: every call recorded, the handler decides the reply. */
interface Call {
  url: string;
  init: RequestInit;
}
let calls: Call[] = [];
let handler: (call: Call) => Response | Promise<Response>;

const envelope = (code: number, data: unknown = null, message = '', status = 200) =>
  new Response(JSON.stringify({ code, message, data, success: code === 0 }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let here = '/orders?status=1';
const env = {
  navigate: vi.fn<(to: string) => void>(),
  currentPath: () => here,
  toast: vi.fn<(text: string) => void>(),
  onSessionCleared: vi.fn<() => void>(),
};

beforeEach(() => {
  localStorage.clear();
  calls = [];
  here = '/orders?status=1';
  env.navigate.mockReset();
  env.toast.mockReset();
  env.onSessionCleared.mockReset();
  configureRequest(env);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return handler(call);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetRequestEnv();
});

const header = (c: Call, name: string) => (c.init.headers as Record<string, string>)[name];

async function refusal(promise: Promise<unknown>): Promise<RequestError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RequestError);
  return err as RequestError;
}

describe('requests', () => {
  it('sends JSON with Authorization: Bearer <admin-token> and resolves with data on code 0', async () => {
    localStorage.setItem(TOKEN_KEY, 'ops_abc');
    handler = () => envelope(0, { id: 1 });
    await expect(request.post('/ops/thing/save', { name: '口红' })).resolves.toEqual({ id: 1 });
    const [c] = calls;
    expect(c!.init.method).toBe('POST');
    expect(header(c!, 'Authorization')).toBe('Bearer ops_abc');
    expect(header(c!, 'Content-Type')).toBe('application/json');
    expect(JSON.parse(String(c!.init.body))).toEqual({ name: '口红' });
  });

  it('sends no Authorization without a token', async () => {
    handler = () => envelope(0);
    await request.get('/ops/auth/me');
    expect(header(calls[0]!, 'Authorization')).toBeUndefined();
  });

  it('puts GET parameters in the query, leaving out empty ones and repeating arrays', async () => {
    handler = () => envelope(0, []);
    await request.get('/ops/order/page', { pageNum: 1, keyword: '', status: undefined, tag: ['a', 'b'], cod: false });
    expect(calls[0]!.url).toBe('/ops/order/page?pageNum=1&tag=a&tag=b&cod=false');
    expect(toQueryString({})).toBe('');
  });
});

describe('the session codes', () => {
  it.each([
    [Code.SESSION_OVER, '登录已失效，请重新登录'],
    [Code.MEMBER_DISABLED, '该运营账号已被停用'],
  ])(
    '%s: clears the token and the cache, says why once, and goes to login with the way back',
    async (code, message) => {
      localStorage.setItem(TOKEN_KEY, 'ops_old');
      handler = () => envelope(code, null, message);
      const err = await refusal(request.get('/ops/order/page'));
      expect(err.code).toBe(code);
      expect(err.message).toBe(message);
      expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
      expect(env.onSessionCleared).toHaveBeenCalledTimes(1);
      expect(env.navigate).toHaveBeenCalledWith('/login?redirect=%2Forders%3Fstatus%3D1');
      expect(env.toast).toHaveBeenCalledWith(message);
    },
  );

  it('106 without a token: to login with the way back, no toast', async () => {
    here = '/settings';
    handler = () => envelope(Code.NOT_SIGNED_IN, null, '请先登录管理后台');
    await refusal(request.get('/ops/site/settings'));
    expect(env.navigate).toHaveBeenCalledWith('/login?redirect=%2Fsettings');
    expect(env.toast).not.toHaveBeenCalled();
  });

  it('from the console home the login needs no redirect', async () => {
    here = '/';
    handler = () => envelope(Code.NOT_SIGNED_IN);
    await refusal(request.get('/ops/auth/me'));
    expect(env.navigate).toHaveBeenCalledWith('/login');
  });

  it('many calls refused together: one toast (the session ended once)', async () => {
    localStorage.setItem(TOKEN_KEY, 'ops_old');
    handler = () => envelope(Code.SESSION_OVER, null, '登录已失效，请重新登录');
    await Promise.allSettled([request.get('/ops/a'), request.get('/ops/b'), request.get('/ops/c')]);
    expect(env.toast).toHaveBeenCalledTimes(1);
  });

  it('already on the login page: no move', async () => {
    here = '/login?redirect=%2Forders';
    handler = () => envelope(Code.SESSION_OVER);
    await refusal(request.get('/ops/auth/me'));
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('110003 sends the operator to change the one-time password, keeping the session', async () => {
    localStorage.setItem(TOKEN_KEY, 'ops_tmp');
    handler = () => envelope(Code.OPS_PASSWORD_CHANGE_REQUIRED, null, '请先修改初始密码');
    const err = await refusal(request.get('/ops/order/page'));
    expect(err.code).toBe(Code.OPS_PASSWORD_CHANGE_REQUIRED);
    expect(env.navigate).toHaveBeenCalledWith('/password');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('ops_tmp');
    expect(env.toast).not.toHaveBeenCalled();
    here = '/password';
    await refusal(request.get('/ops/order/page'));
    expect(env.navigate).toHaveBeenCalledTimes(1);
  });

  it('110001 on a console call: a 超级管理员 must first bind an authenticator (账号安全)', async () => {
    handler = () => envelope(Code.OPS_TOTP_REQUIRED, null, '超级管理员须先绑定身份验证器');
    await refusal(request.get('/ops/dashboard/overview'));
    expect(env.navigate).toHaveBeenCalledWith('/security?reason=totp');
  });

  it('on sign-in the codes are answers for the form: no move, no toast, the token untouched', async () => {
    here = '/login';
    for (const code of [
      Code.OPS_TOTP_REQUIRED,
      Code.OPS_TOTP_WRONG,
      Code.BAD_CREDENTIALS,
      Code.MEMBER_DISABLED,
      Code.ACCOUNT_LOCKED,
    ]) {
      handler = () => envelope(code, null, '…');
      const err = await refusal(request.post(LOGIN_URL, { username: 'admin', password: 'x' }, { silent: true }));
      expect(err.code).toBe(code);
    }
    expect(env.navigate).not.toHaveBeenCalled();
    expect(env.toast).not.toHaveBeenCalled();
    expect(env.onSessionCleared).not.toHaveBeenCalled();
  });
});

describe('other refusals and failures', () => {
  it('403 shows the server message as a toast', async () => {
    handler = () => envelope(Code.FORBIDDEN, null, '无权访问');
    const err = await refusal(request.get('/ops/site/settings'));
    expect(err.code).toBe(Code.FORBIDDEN);
    expect(env.toast).toHaveBeenCalledWith('无权访问');
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('a business refusal: its message as a toast, or nothing when silent', async () => {
    handler = () => envelope(Code.BAD_REQUEST, null, '快递单号不能为空');
    const err = await refusal(request.post('/ops/order/ship', {}));
    expect(err).toMatchObject({ code: Code.BAD_REQUEST, message: '快递单号不能为空' });
    expect(env.toast).toHaveBeenCalledWith('快递单号不能为空');
    env.toast.mockReset();
    await refusal(request.post('/ops/order/ship', {}, { silent: true }));
    expect(env.toast).not.toHaveBeenCalled();
  });

  it('a refusal without a message gets the catalogue message', async () => {
    handler = () => envelope(Code.TOO_MANY_REQUESTS);
    const err = await refusal(request.get('/ops/x'));
    expect(err.message).toBe('操作过于频繁，请稍后再试');
  });

  it('an HTTP error carrying the envelope speaks with its message; one without, with the status', async () => {
    handler = () => envelope(Code.SERVER_ERROR, null, '系统繁忙，请稍后再试', 500);
    expect((await refusal(request.get('/ops/x'))).message).toBe('系统繁忙，请稍后再试');
    handler = () => new Response('<html>Bad Gateway</html>', { status: 502 });
    const err = await refusal(request.get('/ops/x'));
    expect(err).toMatchObject({ status: 502, message: '请求失败（HTTP 502）' });
  });

  it('a 200 that is not an envelope', async () => {
    handler = () => new Response('<!doctype html>', { status: 200 });
    expect((await refusal(request.get('/ops/x'))).message).toBe(BAD_REPLY_MESSAGE);
  });

  it('a network failure', async () => {
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    expect((await refusal(request.get('/ops/x'))).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(env.toast).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE);
  });

  it('gives up after 10 seconds', async () => {
    vi.useFakeTimers();
    handler = ({ init }) =>
      new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const pending = refusal(request.get('/ops/slow'));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(env.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).message).toBe(TIMEOUT_MESSAGE);
  });

  it("a caller's cancel is no error to show", async () => {
    const controller = new AbortController();
    handler = ({ init }) =>
      new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const pending = refusal(request.get('/ops/slow', undefined, { signal: controller.signal }));
    controller.abort();
    expect((await pending).message).toBe('请求已取消');
    expect(env.toast).not.toHaveBeenCalled();
  });
});
