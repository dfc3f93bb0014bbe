/**
 * How the browser apps' builds are sent (lib/static-app.ts), over HTTP, for the buyer app at / and the
 * console at /admin/: hashed files kept a year (`immutable`) and sent as the build's brotli copy when the
 * browser accepts it, gzip otherwise, as they are when neither; the page and the client routes'
 * fallback checked each time (`no-cache`); odd Accept-Encoding values and odd paths change nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressBuild } from '../../../../scripts/vite-precompress.ts';
import { startTestServer, type TestServer } from '../test/kit/index.ts';
import { IMMUTABLE_CACHE, PAGE_CACHE } from './static-app.ts';

let server: TestServer;
let root: string;
/** A script large enough to be compressed, as a Vite chunk looks. */
const SCRIPT = `export const goods = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `商品 ${i}` })))};\n`;

function makeBuild(dir: string, title: string, base: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="zh-CN"><head><title>${title}</title><script type="module" src="${base}assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-XyZ789.js'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  compressBuild(dir);
}

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the headers given (fetch would add its own Accept-Encoding and undo the encoding). */
function rawGet(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(reply: RawReply): string {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(reply.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(reply.body).toString('utf8');
  return reply.body.toString('utf8');
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-static-'));
  makeBuild(path.join(root, 'web'), '优选商城', '/');
  makeBuild(path.join(root, 'admin'), '优选商城管理后台', '/admin/');
  server = await startTestServer({ WEB_DIST: path.join(root, 'web'), ADMIN_DIST: path.join(root, 'admin') });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe.each([
  {
    app: 'the buyer app',
    base: '/',
    title: '优选商城',
    routes: ['/', '/goodsList?keyword=%E6%89%8B%E6%9C%BA', '/goodsDetail?id=1', '/user/order/myOrder'],
  },
  {
    app: 'the console',
    base: '/admin/',
    title: '优选商城管理后台',
    routes: ['/admin/', '/admin/orders/123', '/admin/login?redirect=%2Forders'],
  },
])('$app', ({ base, title, routes }) => {
  const script = `${base}assets/index-AbC123.js`;

  it('sends a hashed script as its brotli copy when accepted, kept a year', async () => {
    const res = await rawGet(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and the file itself to one asking for neither', async () => {
    const gzip = await rawGet(script, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(decoded(gzip)).toBe(SCRIPT);

    const neither: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of neither) {
      const plain = await rawGet(script, headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      expect(plain.body.toString('utf8')).toBe(SCRIPT);
    }
  });

  it('follows the browser’s preference weights and reads odd or hostile Accept-Encoding values as no preference', async () => {
    const gzipFirst = await rawGet(script, { 'accept-encoding': 'br;q=0.1, gzip;q=0.9' });
    expect(gzipFirst.headers['content-encoding']).toBe('gzip');
    const anything = await rawGet(script, { 'accept-encoding': '*' });
    expect(anything.headers['content-encoding']).toBe('gzip');
    for (const value of [
      "br'; DROP TABLE goods;--",
      '<script>alert(1)</script>',
      'x'.repeat(8000),
      ',,,;;;q=abc',
      '%E5%95%86%E5%93%81',
    ]) {
      const res = await rawGet(script, { 'accept-encoding': value });
      expect(res.status, value.slice(0, 40)).toBe(200);
      expect(decoded(res)).toBe(SCRIPT);
    }
  });

  it('sends a small file as it is, and a HEAD like the GET without a body', async () => {
    const tiny = await rawGet(`${base}assets/tiny-XyZ789.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const head = await rawGet(script, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('checks the page, its client routes and files outside assets/ each time (no-cache)', async () => {
    for (const route of [...routes, `${base}index.html`]) {
      const res = await rawGet(route, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status, route).toBe(200);
      expect(res.headers['cache-control'], route).toBe(PAGE_CACHE);
      expect(res.headers['content-type'], route).toMatch(/text\/html/);
      expect(decoded(res), route).toContain(`<title>${title}</title>`);
    }
    const icon = await rawGet(`${base}favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe(PAGE_CACHE);
  });

  it('answers a missing or odd file with a 404 in Chinese, never the page, and never the compressed copy by name', async () => {
    for (const route of [
      `${script}.br`,
      `${script}.gz`,
      `${base}assets/index-Gone000.js`,
      `${base}assets/${encodeURIComponent('商品')}.js`,
      `${base}assets/..%2f..%2fpackage.json`,
      `${base}assets/%3Cscript%3E.js`,
    ]) {
      const res = await rawGet(route, { 'accept-encoding': 'br, gzip' });
      expect([403, 404], route).toContain(res.status);
      expect(res.headers['content-type'] ?? '', route).not.toMatch(/text\/html/);
      if (res.status === 404) expect(JSON.parse(decoded(res)).message, route).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
