/**
 * The operator console at /admin/: its page for every client route, its hashed files, /admin sent to
 * /admin/, missing files as 404s, and the console's security headers (its own policy, no framing,
 * nosniff, no Referer) winning over the shop-wide ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { startTestServer, type TestServer } from '../test/kit/index.ts';
import { DEFAULT_ADMIN_DIST, registerAdminApp } from './admin-app.ts';

let server: TestServer;
let adminDist: string;

const INDEX_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>优选商城管理后台</title>
<script type="module" crossorigin src="/admin/assets/index-test.js"></script></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  adminDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-admin-dist-'));
  fs.mkdirSync(path.join(adminDist, 'assets'));
  fs.writeFileSync(path.join(adminDist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(adminDist, 'assets', 'index-test.js'), 'console.log(1);\n');
  server = await startTestServer({ ADMIN_DIST: adminDist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(adminDist, { recursive: true, force: true });
});

function policy(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectConsoleHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  const csp = policy(res);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:'])); // the authenticator's QR code
}

describe('the operator console at /admin/', () => {
  it('answers its page at /admin/ and for every client route, never cached', async () => {
    for (const route of [
      '/admin/',
      '/admin/login',
      '/admin/login?redirect=%2Forders',
      '/admin/goods/categories',
      '/admin/orders/123',
    ]) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('优选商城管理后台');
      expectConsoleHeaders(res);
    }
  });

  it('sends /admin to /admin/, keeping the query', async () => {
    const res = await fetch(`${server.url}/admin`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/admin/');
    const withQuery = await fetch(`${server.url}/admin?redirect=%2Forders`, { redirect: 'manual' });
    expect(withQuery.headers.get('location')).toBe('/admin/?redirect=%2Forders');
  });

  it('serves its hashed files for a year, with the same headers', async () => {
    const res = await fetch(`${server.url}/admin/assets/index-test.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectConsoleHeaders(res);
  });

  it('a missing file or a write is a 404 with the envelope, not the page', async () => {
    for (const [method, route] of [
      ['GET', '/admin/assets/index-gone.js'],
      ['GET', '/admin/favicon.ico'],
      ['POST', '/admin/login'],
    ] as const) {
      const res = await server.api.call(method, route);
      expect(res.status, route).toBe(404);
      expect(res.code).toBe(Code.NOT_FOUND);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('leaves the buyer app and the API their own headers', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.headers.get('referrer-policy')).not.toBe('no-referrer');
    const ops = await fetch(`${server.url}/ops/nope`);
    expect(ops.status).toBe(404);
  });

  it('says in Chinese that the console is not built, when it is not', async () => {
    const app = Fastify();
    await registerAdminApp(app, path.join(adminDist, 'nonexistent'));
    const res = await app.inject({ method: 'GET', url: '/admin/orders' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('管理后台尚未构建');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    await app.close();
  });

  const builtIndex = path.join(DEFAULT_ADMIN_DIST, 'index.html');
  it.skipIf(!fs.existsSync(builtIndex))(
    'the built console (apps/admin/dist) has no inline script for the policy to block',
    () => {
      const html = fs.readFileSync(builtIndex, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\ssrc="\/admin\/assets\/[^"/]+"/);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son\w+=/i);
    },
  );
});
