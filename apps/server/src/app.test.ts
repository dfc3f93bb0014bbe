/**
 * Transport-level replies (conventions, "Replies"): unknown API paths 404, oversized bodies 413,
 * malformed bodies 400, unsupported body types 415, server faults 500 — each with the envelope, a
 * Chinese message, and no stack, SQL or internal name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import { buildApp } from './app.ts';
import { startTestServer, type TestServer } from './test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const CHINESE = /[\u4e00-\u9fa5]/;
/** Things that must never reach a reply. */
const LEAKS = /\bat .*\.(ts|js):\d+|stack|SELECT|INSERT|relation "|syntax error|password_hash|node_modules|Error:/i;

function expectEnvelope(res: { code: unknown; message: unknown; data: unknown; success: unknown }) {
  expect(
    Object.keys(res)
      .filter((k) => k !== 'status')
      .sort(),
  ).toEqual(['code', 'data', 'message', 'success']);
  expect(typeof res.code).toBe('number');
  expect(res.success).toBe(res.code === 0);
  expect(res.message).toMatch(CHINESE);
  expect(JSON.stringify(res)).not.toMatch(LEAKS);
}

describe('unknown paths', () => {
  it.each([
    ['GET', '/member/nope'],
    ['GET', '/member/user/auth/login/pw'], // a known path with the wrong method
    ['POST', '/member/user/auth/nope'],
    ['GET', '/dev/nope'],
    ['DELETE', '/member/site/site'],
    ['POST', '/anything-else'],
  ])('%s %s answers HTTP 404 with the envelope', async (method, path) => {
    const res = await server.api.call(method, path);
    expect(res.status).toBe(404);
    expect(res.code).toBe(Code.NOT_FOUND);
    expect(res.message).toBe('接口不存在');
    expectEnvelope(res);
  });

  it('carries a request id on every reply', async () => {
    const res = await fetch(`${server.url}/member/nope`, { headers: { 'x-request-id': 'trace-me-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-me-123');
    const own = await fetch(`${server.url}/member/site/site`);
    expect(own.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});

describe('bodies', () => {
  const big = 'x'.repeat(1024 * 1024 + 10);

  it.each([
    ['JSON', 'application/json', JSON.stringify({ username: big, password: 'p' })],
    ['form', 'application/x-www-form-urlencoded', `username=${big}&password=p`],
  ])('answers a %s body over 1 MB with HTTP 413', async (_kind, type, body) => {
    const res = await server.api.post('/member/user/auth/login/pw', {
      rawBody: body,
      headers: { 'content-type': type },
    });
    expect(res.status).toBe(413);
    expect(res.code).toBe(Code.PAYLOAD_TOO_LARGE);
    expectEnvelope(res);
  });

  it.each([
    ['cut-off JSON', '{"username": "demo", "password": '],
    ['not JSON at all', 'username=demo&password=x'],
    ['an empty JSON body', ''],
    ['JSON with a prototype key', '{"__proto__": {"admin": true}, "username": "demo"}'],
  ])('answers %s with HTTP 400', async (_name, body) => {
    const res = await server.api.post('/member/user/auth/login/pw', {
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(Code.BAD_REQUEST);
    expect(res.message).toBe('请求格式不正确');
    expectEnvelope(res);
  });

  it('reads a text/plain body as text, which no endpoint takes: 400 in the envelope', async () => {
    const res = await server.api.post('/member/user/auth/login/pw', {
      rawBody: 'username=demo',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST, message: '请求参数格式不正确' });
    expectEnvelope(res);
  });

  it.each(['application/xml', 'image/png', 'multipart/mixed; boundary=x'])(
    'answers a %s body with HTTP 415 and the envelope',
    async (type) => {
      const res = await server.api.post('/member/user/auth/login/pw', {
        rawBody: 'username=demo',
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(415);
      expect(res.code).toBe(Code.BAD_REQUEST);
      expectEnvelope(res);
    },
  );

  it('reads repeated form keys as an array (so a string field refuses them)', async () => {
    const res = await server.api.post('/member/user/auth/verificationCode', {
      rawBody: 'mobileNumber=13800138000&mobileNumber=13900139000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST, message: '手机号格式不正确' });
  });

  it('accepts a form body with a charset parameter', async () => {
    const res = await server.api.post('/member/user/auth/login/pw', {
      rawBody: 'username=nobody_at_all&password=whatever-pw',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    });
    expect(res).toMatchObject({ status: 200, code: Code.BAD_CREDENTIALS });
  });
});

describe('server faults', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The same context as the running server, in an app with routes that fail on purpose.
    const { log: _log, ...ctx } = server.running.app.ctx;
    app = await buildApp({ ctx, logger: false });
    app.get('/member/test/throws', async () => {
      throw new Error('SELECT password_hash FROM members WHERE id = 1 failed at secret.ts:12');
    });
    app.get('/member/test/bad-sql', async () => {
      await app.ctx.db.execute(sql`SELECT password_hash FROM no_such_table`);
      return 'unreachable';
    });
    app.get('/member/test/rejects-non-error', async () => {
      throw { statusCode: 503, message: 'upstream pool exhausted' };
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it.each(['/member/test/throws', '/member/test/bad-sql'])(
    'answers %s with HTTP 500, the envelope, and no detail',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toEqual({ code: Code.SERVER_ERROR, message: '系统繁忙，请稍后再试', data: null, success: false });
      expect(res.body).not.toMatch(LEAKS);
    },
  );

  it('answers an odd thrown value with an envelope too', async () => {
    const res = await app.inject({ method: 'GET', url: '/member/test/rejects-non-error' });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json()).toMatchObject({ success: false, data: null });
    expect(res.body).not.toContain('upstream pool');
  });
});

describe('health', () => {
  it('answers with the envelope once the database answers', async () => {
    const res = await server.api.get('/health');
    expect(res).toMatchObject({ status: 200, code: 0, success: true, data: { status: 'ok' } });
  });
});
