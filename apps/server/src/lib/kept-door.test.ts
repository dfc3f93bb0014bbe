import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogServer, type TestServer } from '../test/kit/index.ts';
import { KeptDoor } from './kept-door.ts';
import { KeptBody } from './reply-body.ts';
import { requestIdMaker } from './request-id.ts';

const KEPT_READS = ['/member/site/site', '/member/goods/category/tree', '/member/goods/getGoodsSalesList/6'];
const ENCODINGS = ['gzip, deflate, br, zstd', 'gzip', ''];
/**
 * Headers that differ from one reply to the next whoever answers: the length too, as a compressed body's
 * quick copy is replaced by its best one in the background (each reply's length is checked against its bytes).
 */
const PER_REPLY = new Set(['date', 'x-request-id', 'content-length']);

/** A GET as a browser's, its body as sent (fetch would decompress it). */
function fetchRaw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; id: string; bytes: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const kept = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REPLY.has(name)));
            const id = String(res.headers['x-request-id']);
            const bytes = Buffer.concat(chunks);
            if (Number(res.headers['content-length']) !== bytes.length) reject(new Error(`${url}: wrong length`));
            resolve({ status: res.statusCode!, headers: kept, id, bytes });
          });
        })
        .on('error', reject);
    },
  );
}

function decoded(reply: Awaited<ReturnType<typeof fetchRaw>>) {
  const coding = reply.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(reply.bytes).toString();
  if (coding === 'gzip') return zlib.gunzipSync(reply.bytes).toString();
  return reply.bytes.toString();
}

describe('the kept reads at the door (a shop server)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startCatalogServer(200, { METRICS_TOKEN: 'kept-door-metrics-token-0123456789' });
  }, 120_000);
  afterAll(() => server?.close());

  it('answers each kept read with the bytes and headers its route sends through Fastify', async () => {
    for (const address of KEPT_READS) {
      for (const acceptEncoding of ENCODINGS) {
        const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        // the same address with a query string is routed by Fastify
        const routed = await fetchRaw(`${server.url}${address}?from=fastify`, headers);
        const door = await fetchRaw(`${server.url}${address}`, headers);
        expect(routed.status, address).toBe(200);
        expect(door.status, address).toBe(200);
        expect(door.headers, `${address} (${acceptEncoding || 'no encoding'})`).toEqual(routed.headers);
        expect(decoded(door)).toBe(decoded(routed));
        expect(JSON.parse(decoded(door))).toMatchObject({ code: 0, success: true });
        expect(door.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
        expect(door.id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
        expect(door.id).not.toBe(routed.id);
      }
    }
    // the tree is long enough to be compressed, as a browser asks
    const tree = await fetchRaw(`${server.url}/member/goods/category/tree`, { 'accept-encoding': ENCODINGS[0]! });
    expect(tree.headers['content-encoding']).toBe('br');
    expect(tree.headers.vary).toBe('Accept-Encoding');
  });

  it('keeps a well-formed request id and replaces a malformed one, as Fastify does', async () => {
    const given = await fetchRaw(`${server.url}/member/site/site`, { 'x-request-id': 'nginx-7f3a9c' });
    expect(given.id).toBe('nginx-7f3a9c');
    for (const bad of ["1' OR '1'='1", 'x'.repeat(65), '%E8%AF%B7%E6%B1%82']) {
      const replaced = await fetchRaw(`${server.url}/member/site/site`, { 'x-request-id': bad });
      expect(replaced.id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    }
  });

  it('counts its answers in /metrics under the route, as Fastify counts the rest', async () => {
    const auth = { authorization: 'Bearer kept-door-metrics-token-0123456789' };
    const count = async () => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: auth })).text();
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('mall_http_requests_total{') &&
            l.includes('route="/member/goods/getGoodsSalesList/:count"') &&
            l.includes('status="200"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await count();
    for (const n of [6, 6, 10])
      expect((await fetchRaw(`${server.url}/member/goods/getGoodsSalesList/${n}`)).status).toBe(200);
    expect(await count()).toBe(before + 3);
  });

  it('leaves everything else to the routes: a bad count, another method, a longer address', async () => {
    for (const bad of ['21', '0', '-1', 'abc', '6%27%20OR%201=1', '%E5%85%AD']) {
      const reply = await server.api.get(`/member/goods/getGoodsSalesList/${bad}`);
      expect(reply.code, bad).not.toBe(0);
      expect(reply.message, bad).toMatch(/[\u4e00-\u9fa5]/);
    }
    const head = await fetch(`${server.url}/member/site/site`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await server.api.post('/member/site/site')).status).toBe(404);
    expect((await server.api.get('/member/site/site/extra')).status).toBe(404);
  });
});

describe('a kept door', () => {
  const body = new KeptBody(JSON.stringify({ siteName: '优选商城' }));

  async function serve(door: KeptDoor) {
    const routed: string[] = [];
    const server = door.server(
      (req, res) => {
        routed.push(req.url!);
        res.writeHead(503).end();
      },
      { keepAliveTimeout: 5_000, requestTimeout: 10_000, connectionTimeout: 0, maxRequestsPerSocket: 0 },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, routed, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('answers only once opened, and hands every request on once closed', async () => {
    const door = new KeptDoor(requestIdMaker());
    const answered: string[] = [];
    door.add('/kept', async () => body);
    const { base, routed, close } = await serve(door);
    try {
      expect((await fetch(`${base}/kept`)).status).toBe(503);
      door.open((method, route, status) => answered.push(`${method} ${route} ${status}`));
      const open = await fetch(`${base}/kept`);
      expect(open.status).toBe(200);
      expect(await open.json()).toEqual({
        code: 0,
        message: '操作成功',
        data: { siteName: '优选商城' },
        success: true,
      });
      door.close();
      expect((await fetch(`${base}/kept`)).status).toBe(503);
      expect(routed).toEqual(['/kept', '/kept']);
      expect(answered).toEqual(['GET /kept 200']);
    } finally {
      await close();
    }
  });

  it('hands the request to the route when the read fails (the database away)', async () => {
    const door = new KeptDoor(requestIdMaker());
    door.add('/kept', () => Promise.reject(new Error('connection terminated')));
    door.open(() => {});
    const { base, routed, close } = await serve(door);
    try {
      expect((await fetch(`${base}/kept`)).status).toBe(503);
      expect(routed).toEqual(['/kept']);
    } finally {
      await close();
    }
  });
});
