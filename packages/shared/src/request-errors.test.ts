import { describe, expect, it, vi } from 'vitest';
import {
  loadFailureText,
  LOAD_FAILED_MESSAGE,
  BAD_REPLY_MESSAGE,
  CANCELLED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  RequestError,
  TIMEOUT_MESSAGE,
  fetchWithDeadline,
  isEnvelope,
} from './request-errors.ts';

const answer = (body: string, init: ResponseInit = {}) => vi.fn<typeof fetch>(async () => new Response(body, init));

/** A fetch that never answers until its signal aborts, as a hung server or a slow network does. */
const hanging = vi.fn<typeof fetch>(
  (_url, init) =>
    new Promise((_resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (init?.signal?.aborted) abort();
      init?.signal?.addEventListener('abort', abort);
    }),
);

describe('isEnvelope', () => {
  it.each([
    [{ code: 0, message: '', data: null, success: true }, true],
    [{ code: 107301, message: '商品已下架' }, true],
    [{ code: '0' }, false],
    [{ message: 'x' }, false],
    ['<html>502</html>', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (body, want) => expect(isEnvelope(body)).toBe(want));
});

describe('RequestError', () => {
  it('keeps the code, status and data it was given', () => {
    const error = new RequestError('库存不足', 107302, undefined, { skuId: 1 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'RequestError', message: '库存不足', code: 107302, data: { skuId: 1 } });
    expect(error.cancelled).toBe(false);
  });

  it('tells a cancel from a failure', () => {
    expect(new RequestError(CANCELLED_MESSAGE).cancelled).toBe(true);
    expect(new RequestError(NETWORK_ERROR_MESSAGE).cancelled).toBe(false);
  });

  it('has Chinese messages for every way a call gets no answer', () => {
    for (const text of [NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE, CANCELLED_MESSAGE, BAD_REPLY_MESSAGE]) {
      expect(text).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('fetchWithDeadline', () => {
  it('reads a JSON answer, and passes the call on as given', async () => {
    const fetcher = answer('{"code":0,"message":"","data":1,"success":true}', { status: 200 });
    const reply = await fetchWithDeadline(fetcher, '/x', { method: 'POST', body: '{}' }, { timeoutMs: 1000 });
    expect(reply).toMatchObject({ ok: true, status: 200, body: { code: 0, data: 1 } });
    expect(fetcher.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('keeps a body that is not JSON as text, and an empty one as nothing', async () => {
    const proxyPage = await fetchWithDeadline(answer('<h1>Bad Gateway</h1>', { status: 502 }), '/x', {}, { timeoutMs: 1000 });
    expect(proxyPage).toMatchObject({ ok: false, status: 502, body: '<h1>Bad Gateway</h1>' });
    const empty = await fetchWithDeadline(answer('', { status: 200 }), '/x', {}, { timeoutMs: 1000 });
    expect(empty.body).toBeUndefined();
  });

  it('gives up at the deadline with the timeout message', async () => {
    vi.useFakeTimers();
    try {
      const call = fetchWithDeadline(hanging, '/x', {}, { timeoutMs: 10_000 });
      const settled = expect(call).rejects.toMatchObject({ message: TIMEOUT_MESSAGE });
      await vi.advanceTimersByTimeAsync(10_000);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the call was cancelled when the caller aborts, before or during it', async () => {
    const during = new AbortController();
    const call = fetchWithDeadline(hanging, '/x', {}, { timeoutMs: 10_000, signal: during.signal });
    during.abort();
    await expect(call).rejects.toMatchObject({ message: CANCELLED_MESSAGE, cancelled: true });

    const before = new AbortController();
    before.abort();
    await expect(fetchWithDeadline(hanging, '/x', {}, { timeoutMs: 10_000, signal: before.signal })).rejects.toMatchObject({
      cancelled: true,
    });
  });

  it('calls anything else no network', async () => {
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchWithDeadline(offline, '/x', {}, { timeoutMs: 1000 })).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
      cancelled: false,
    });
  });
});

describe('loadFailureText', () => {
  it.each([
    ['the screen’s own message first', new RequestError('网络异常，请检查网络连接'), '订单加载失败', '订单加载失败'],
    ['else the error’s Chinese message', new RequestError('请求超时，请稍后再试'), undefined, '请求超时，请稍后再试'],
    ['else the general sentence (no message on the error)', new Error(''), undefined, LOAD_FAILED_MESSAGE],
    ['else the general sentence (not an error at all)', 'boom', undefined, LOAD_FAILED_MESSAGE],
  ])('%s', (_case, error, message, expected) => {
    expect(loadFailureText(error, message)).toBe(expected);
  });
});
