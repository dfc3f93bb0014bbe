import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequest, request, resetRequestState, type ConfirmOptions } from './request.ts';
import { storage, storageKeys } from './storage.ts';

/** A request as the fake server behind `fetch` receives it. */
interface Sent {
  /** The path, without the query. */
  url: string;
  query: URLSearchParams;
  method: string;
  headers: Headers;
  body: RequestInit['body'];
  signal: AbortSignal;
}
/** The fake server: every request is recorded, the handler decides the reply. */
type Answer = { status?: number; body: unknown; headers?: Record<string, string> };
type Handler = (sent: Sent) => Answer | Promise<Answer>;
let calls: Sent[] = [];
let handler: Handler;

const reply = (code: number, data: unknown = null, message = '') => ({ body: { code, message, data, success: code === 0 } });
const header = (c: Sent, name: string) => c.headers.get(name);
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

const env = {
  navigate: vi.fn<(to: string) => void>(),
  currentPath: vi.fn<() => string>(),
  goBack: vi.fn<() => void>(),
  confirm: vi.fn<(o: ConfirmOptions) => void>(),
  toast: vi.fn<(text: string) => void>(),
  onSessionCleared: vi.fn<() => void>(),
};

beforeEach(() => {
  localStorage.clear();
  resetRequestState();
  calls = [];
  for (const fn of Object.values(env)) fn.mockReset();
  configureRequest(env);
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const u = new URL(input, 'http://shop.test');
    const sent: Sent = {
      url: u.pathname,
      query: u.searchParams,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal!,
    };
    calls.push(sent);
    const { status = 200, body, headers } = await handler(sent);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      statusText: status === 200 ? 'OK' : 'I am a teapot',
      headers,
    });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that never answers: the request's signal is all that ends it. */
const hang: Handler = (sent) =>
  new Promise((_, reject) => sent.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

function signIn(access = 'old-access', refresh = 'the-refresh') {
  storage.setTokens({ accessToken: access, refreshToken: refresh });
  storage.setUserInfo({ id: '1', username: 'demo', nickname: null, avatar: null, mobile: '138****8000', gender: 'unknown', birthday: null, roles: ['member'], createdAt: '' });
}

describe('headers and bodies', () => {
  it('sends Authorization and VistorId PC-<stored id>, the same id every time', async () => {
    signIn('tok-1');
    handler = () => reply(0, { ok: true });
    await request.get('/member/a');
    await request.post('/member/b', { x: 1 });
    const id = JSON.parse(localStorage.getItem(storageKeys.visitorId)!);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    for (const c of calls) {
      expect(header(c, 'Authorization')).toBe('tok-1');
      expect(header(c, 'VistorId')).toBe(`PC-${id}`);
    }
  });

  it('omits Authorization for a visitor', async () => {
    handler = () => reply(0);
    await request.get('/member/site/site');
    expect(header(calls[0]!, 'Authorization')).toBeFalsy();
    expect(header(calls[0]!, 'VistorId')).toMatch(/^PC-/);
  });

  it('form-encodes auth calls with repeated array keys, JSON for others', async () => {
    handler = () => reply(0);
    await request.postForm('/member/user/auth/login/pw', { username: '张三', tags: ['a', 'b'], remember: true });
    expect(calls[0]!.body).toBe('username=%E5%BC%A0%E4%B8%89&tags=a&tags=b&remember=true');
    expect(String(header(calls[0]!, 'Content-Type'))).toContain('application/x-www-form-urlencoded');
    await request.post('/member/search/goods/search', { keyword: '手机', brands: [1, 2] });
    expect(JSON.parse(calls[1]!.body as string)).toEqual({ keyword: '手机', brands: [1, 2] });
    expect(String(header(calls[1]!, 'Content-Type'))).toContain('application/json');
  });

  it('puts GET parameters in the query string: arrays repeated, null and undefined left out', async () => {
    handler = () => reply(0);
    await request.get('/member/x', { keyword: '手机 壳', brands: [1, 2], categoryId: null, page: undefined, onSale: false });
    expect(calls[0]!.url).toBe('/member/x');
    expect([...calls[0]!.query]).toEqual([['keyword', '手机 壳'], ['brands', '1'], ['brands', '2'], ['onSale', 'false']]);
    await request.get('/member/goodsDetail?id=5', { from: 'share' });
    expect(Object.fromEntries(calls[1]!.query)).toEqual({ id: '5', from: 'share' });
    await request.get('/member/y');
    expect(calls[2]!.query.size).toBe(0);
  });

  it('sends an upload as multipart, the boundary left to the browser', async () => {
    handler = () => reply(0);
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await request.upload('/member/user/profile/avatar', form);
    expect(calls[0]!.body).toBe(form);
    expect(header(calls[0]!, 'Content-Type')).toBeNull();
  });

  it('resolves with data on code 0', async () => {
    handler = () => reply(0, { name: '优选商城' });
    await expect(request.get('/member/site/site')).resolves.toEqual({ name: '优选商城' });
  });
});

describe('code 104: one refresh for everyone', () => {
  it('refreshes exactly once for concurrent requests and replays each once with the new token', async () => {
    signIn('old-access');
    handler = async (c) => {
      if (c.url === '/member/user/auth/refresh') {
        await delay(20);
        return reply(0, 'new-access');
      }
      return header(c, 'Authorization') === 'new-access' ? reply(0, c.url) : reply(104, null, '登录已过期');
    };
    const results = await Promise.all(['/member/a', '/member/b', '/member/c'].map((u) => request.get(u)));
    expect(results).toEqual(['/member/a', '/member/b', '/member/c']);
    const refreshes = calls.filter((c) => c.url === '/member/user/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toBe('refreshToken=the-refresh');
    for (const u of ['/member/a', '/member/b', '/member/c']) {
      const sent = calls.filter((c) => c.url === u).map((c) => header(c, 'Authorization'));
      expect(sent).toEqual(['old-access', 'new-access']);
    }
    expect(storage.getAccessToken()).toBe('new-access');
    expect(env.toast).not.toHaveBeenCalled();
    expect(env.confirm).not.toHaveBeenCalled();
  });

  it('a request that meets 104 after the refresh finished replays without a second refresh', async () => {
    signIn('old-access');
    let slowSeen = false;
    handler = async (c) => {
      if (c.url === '/member/user/auth/refresh') return reply(0, 'new-access');
      if (header(c, 'Authorization') === 'new-access') return reply(0, 'ok');
      if (c.url === '/member/slow' && !slowSeen) {
        slowSeen = true;
        await delay(50);
      }
      return reply(104);
    };
    await Promise.all([request.get('/member/fast'), request.get('/member/slow')]);
    expect(calls.filter((c) => c.url === '/member/user/auth/refresh')).toHaveLength(1);
  });

  it('a failed refresh rejects every waiting request and clears the session', async () => {
    signIn('old-access');
    handler = async (c) => {
      if (c.url === '/member/user/auth/refresh') {
        await delay(10);
        return reply(105, null, '登录已失效，请重新登录');
      }
      return reply(104);
    };
    const results = await Promise.allSettled([request.get('/member/a'), request.get('/member/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls.filter((c) => c.url === '/member/user/auth/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.url !== '/member/user/auth/refresh')).toHaveLength(2); // no replay
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.userInfo)).toBeNull();
    expect(localStorage.getItem(storageKeys.visitorId)).not.toBeNull();
    expect(env.onSessionCleared).toHaveBeenCalled();
    expect(env.confirm).toHaveBeenCalledTimes(1);
    expect(env.confirm.mock.calls[0]![0].title).toBe('登录提示');
  });

  it('a refresh cut short because the buyer is leaving the page keeps the session for the next page', async () => {
    signIn('old-access');
    let leave = true;
    handler = (c) => {
      if (c.url !== '/member/user/auth/refresh') return reply(104);
      if (leave) window.dispatchEvent(new Event('pagehide')); // a link followed: the browser cuts the call short
      leave = false;
      throw new TypeError('Failed to fetch');
    };
    try {
      await expect(request.get('/member/a', undefined, { silent: true })).rejects.toThrow('网络');
      expect(storage.getRefreshToken()).toBe('the-refresh');
      expect(storage.getUserInfo()?.username).toBe('demo');
      expect(env.onSessionCleared).not.toHaveBeenCalled();
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    // A page not being left still ends the session on a failed refresh.
    await expect(request.get('/member/a', undefined, { silent: true })).rejects.toThrow('网络');
    expect(storage.getRefreshToken()).toBeNull();
  });

  it('without a stored refresh token it rejects with "no refresh token"', async () => {
    localStorage.setItem(storageKeys.accessToken, JSON.stringify('old-access'));
    handler = () => reply(104);
    await expect(request.get('/member/a')).rejects.toThrow('no refresh token');
    expect(calls.map((c) => c.url)).toEqual(['/member/a']);
    expect(storage.getAccessToken()).toBeNull();
  });

  it('a replayed request that meets 104 again is rejected, not replayed forever', async () => {
    signIn();
    handler = (c) => (c.url === '/member/user/auth/refresh' ? reply(0, 'new-access') : reply(104, null, '登录已过期'));
    await expect(request.get('/member/a')).rejects.toThrow('登录已过期');
    expect(calls.map((c) => c.url)).toEqual(['/member/a', '/member/user/auth/refresh', '/member/a']);
  });
});

describe('dialogs', () => {
  it.each([105, 106])('code %i asks to sign in; OK goes to /login and back here; the session is cleared', async (code) => {
    signIn();
    env.currentPath.mockReturnValue('/goodsDetail?id=12&skuId=3');
    handler = () => reply(code, null, '用户未登录');
    await expect(request.post('/member/trade/cart/add', {})).rejects.toMatchObject({ code });
    expect(env.confirm).toHaveBeenCalledTimes(1);
    const dialog = env.confirm.mock.calls[0]![0];
    expect(dialog).toMatchObject({ title: '登录提示', okText: '去登录', cancelText: '取消' });
    expect(dialog.content).toContain('登录');
    expect(dialog.content).toMatch(/是否前往登录/);
    expect(env.navigate).not.toHaveBeenCalled();
    dialog.onOk();
    expect(env.navigate).toHaveBeenCalledWith('/login?redirect=%2FgoodsDetail%3Fid%3D12%26skuId%3D3');
    expect(env.toast).not.toHaveBeenCalled();
    // Tokens and profile go, and the session store is told.
    expect(storage.hasTokens()).toBe(false);
    expect(storage.getUserInfo()).toBeNull();
    expect(env.onSessionCleared).toHaveBeenCalled();
  });

  it('from home or a sign-in page, OK goes to plain /login', async () => {
    for (const where of ['/', '/login?redirect=%2Fcart', '/register']) {
      resetRequestState();
      env.confirm.mockReset();
      env.navigate.mockReset();
      env.currentPath.mockReturnValue(where);
      handler = () => reply(106, null, '用户未登录');
      await expect(request.get('/member/a')).rejects.toThrow();
      env.confirm.mock.calls[0]![0].onOk();
      expect(env.navigate).toHaveBeenCalledWith('/login');
    }
  });

  it('a failed refresh (expired session) asks to sign in and comes back here too', async () => {
    signIn();
    env.currentPath.mockReturnValue('/user/member/favorites');
    handler = (c) => (c.url === '/member/user/auth/refresh' ? reply(105, null, '登录已失效') : reply(104));
    await expect(request.get('/member/engagement/favorites/page')).rejects.toThrow();
    expect(storage.hasTokens()).toBe(false);
    env.confirm.mock.calls[0]![0].onOk();
    expect(env.navigate).toHaveBeenCalledWith('/login?redirect=%2Fuser%2Fmember%2Ffavorites');
  });

  it('several refusals at once open one sign-in dialog', async () => {
    handler = () => reply(106, null, '用户未登录');
    await Promise.allSettled([request.get('/member/a'), request.get('/member/b')]);
    expect(env.confirm).toHaveBeenCalledTimes(1);
  });

  it('code 107301 offers to go back', async () => {
    handler = () => reply(107301, null, '商品已下架');
    await expect(request.get('/member/goods/detail')).rejects.toMatchObject({ code: 107301, message: '商品已下架' });
    const dialog = env.confirm.mock.calls[0]![0];
    expect(dialog.title).toBe('商品已下架');
    expect(dialog.content).toContain('下架');
    dialog.onOk();
    expect(env.goBack).toHaveBeenCalledTimes(1);
  });

  it('silent calls open no dialog', async () => {
    handler = () => reply(106, null, '用户未登录');
    await expect(request.get('/member/a', undefined, { silent: true })).rejects.toThrow();
    expect(env.confirm).not.toHaveBeenCalled();
  });
});

describe('toasts', () => {
  it("shows the server's message for any other code and rejects", async () => {
    handler = () => reply(102, null, '用户名或密码错误');
    await expect(request.postForm('/member/user/auth/login/pw', {})).rejects.toMatchObject({ code: 102, message: '用户名或密码错误' });
    expect(env.toast).toHaveBeenCalledWith('用户名或密码错误');
  });

  it('uses the flow message when the server gives none', async () => {
    handler = () => reply(500, null, '');
    await expect(request.postForm('/x', {}, { flowMessage: '登录失败' })).rejects.toThrow('登录失败');
    expect(env.toast).toHaveBeenCalledWith('登录失败');
  });

  it.each([
    [400, '发出的请求有错误，服务器没有进行新建或修改数据的操作。'],
    [401, '用户没有权限（令牌、用户名、密码错误）。'],
    [403, '用户得到授权，但是访问是被禁止的。'],
    [404, '发出的请求针对的是不存在的记录，服务器没有进行操作。'],
    [406, '请求的格式不可得。'],
    [410, '请求的资源被永久删除，且不会再得到的。'],
    [422, '当创建一个对象时，发生一个验证错误。'],
    [500, '服务器发生错误，请检查服务器。'],
    [502, '网关错误。'],
    [503, '服务不可用，服务器暂时过载或维护。'],
    [504, '网关超时。'],
    [418, 'I am a teapot'],
  ])('HTTP %i shows %s', async (status, text) => {
    handler = () => ({ status, body: { code: 500, message: 'x', data: null, success: false } });
    // The server's envelope goes along, so that a silent caller can show the server's own words.
    await expect(request.get('/member/a')).rejects.toMatchObject({ status, message: text, data: { code: 500, message: 'x' } });
    expect(env.toast).toHaveBeenCalledWith(text);
  });

  it('prefixes HTTP failures with the flow message', async () => {
    handler = () => ({ status: 502, body: '' });
    await expect(request.postForm('/member/user/auth/verificationCode', {}, { flowMessage: '验证码发送失败' })).rejects.toThrow();
    expect(env.toast).toHaveBeenCalledWith('验证码发送失败：网关错误。');
  });

  it('gives up after 10 s and reports the timeout in Chinese', async () => {
    vi.useFakeTimers();
    handler = hang;
    const pending = request.get('/member/a');
    const settled = vi.fn();
    pending.then(settled, settled);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    await expect(pending).rejects.toThrow('请求超时，请稍后再试');
    expect(env.toast).toHaveBeenCalledWith('请求超时，请稍后再试');
  });

  it('a request the caller cancels ends quietly', async () => {
    handler = hang;
    const controller = new AbortController();
    const pending = request.get('/member/a', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('请求已取消');
    expect(env.toast).not.toHaveBeenCalled();
  });

  it('reports a lost connection in Chinese', async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(request.get('/member/a')).rejects.toThrow('网络');
    expect(env.toast).toHaveBeenCalledTimes(1);
  });
});

describe('streams (an answer sent as server-sent events)', () => {
  const events = { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' }, body: 'event: delta\ndata: {"text":"好"}\n\n' };

  it('hands back the open response with the JSON body, the token and the event-stream Accept', async () => {
    signIn('tok-1');
    handler = () => events;
    const response = await request.stream('/member/assistant/agent/chat', { sessionId: 's', content: '手机' });
    expect(await response.text()).toBe(events.body);
    expect(calls[0]!.method).toBe('POST');
    expect(header(calls[0]!, 'Authorization')).toBe('tok-1');
    expect(header(calls[0]!, 'Accept')).toBe('text/event-stream');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ sessionId: 's', content: '手机' });
  });

  it('a 104 before streaming refreshes once and opens the stream again with the new token', async () => {
    signIn('old-access');
    handler = (c) => {
      if (c.url === '/member/user/auth/refresh') return reply(0, 'new-access');
      return header(c, 'Authorization') === 'new-access' ? events : reply(104);
    };
    const response = await request.stream('/member/assistant/agent/chat', {});
    expect(await response.text()).toBe(events.body);
    expect(calls.map((c) => c.url)).toEqual(['/member/assistant/agent/chat', '/member/user/auth/refresh', '/member/assistant/agent/chat']);
  });

  it("a refusal before streaming is the envelope's: its message shown, a RequestError with its code", async () => {
    signIn();
    handler = () => reply(429, null, '操作过于频繁，请稍后再试');
    await expect(request.stream('/member/assistant/agent/chat', {})).rejects.toMatchObject({ code: 429 });
    expect(env.toast).toHaveBeenCalledWith('操作过于频繁，请稍后再试');
  });

  it('an HTTP failure without an envelope says the status in Chinese', async () => {
    signIn();
    handler = () => ({ status: 502, body: '<html>bad gateway</html>' });
    await expect(request.stream('/member/assistant/agent/chat', {})).rejects.toMatchObject({ status: 502 });
    expect(env.toast).toHaveBeenCalledTimes(1);
  });
});

describe('download (a file answered to a signed-in call)', () => {
  const file = (text: string) => ({
    body: text,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="data-copy.csv"; filename*=UTF-8''${encodeURIComponent('个人信息副本-20261128-订单.csv')}` },
  });

  it('sends the session, and gives the bytes with the Chinese name', async () => {
    signIn('tok-9');
    handler = () => file('\uFEFF"订单编号"\r\n');
    const got = await request.download('/member/user/dataCopy/download?id=x');
    expect(header(calls[0]!, 'Authorization')).toBe('tok-9');
    expect(got.fileName).toBe('个人信息副本-20261128-订单.csv');
    expect(await got.blob.text()).toContain('订单编号');
  });

  it('refreshes an expired token and asks again; a refusal is a toast and an error with its code', async () => {
    signIn('old-access');
    handler = (c) => {
      if (c.url === '/member/user/auth/refresh') return reply(0, 'new-access');
      return header(c, 'Authorization') === 'new-access' ? file('ok') : reply(104);
    };
    expect((await request.download('/member/user/dataCopy/download')).fileName).toBe('个人信息副本-20261128-订单.csv');

    handler = () => reply(109202, null, '下载链接已失效（已使用或已过期），请重新申请个人信息副本');
    await expect(request.download('/member/user/dataCopy/download')).rejects.toMatchObject({ code: 109202 });
    expect(env.toast).toHaveBeenCalledWith('下载链接已失效（已使用或已过期），请重新申请个人信息副本');
  });
});
