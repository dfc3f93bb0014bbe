import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type TestServer, startCatalogServer } from '../../test/kit/index.ts';
import { rows } from '../../lib/db.ts';
import { updateGoods } from './goods-writer.ts';
import { invalidateCatalog } from './catalog.service.ts';

describe('catalogue reads', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startCatalogServer(300);
  });
  afterAll(async () => s?.close());

  it('serves a three-level category tree with at least 15 top categories, in order, with icons', async () => {
    const res = await s.api.get('/member/goods/category/tree');
    expect(res.code).toBe(0);
    const tree = res.data as any[];
    expect(tree.length).toBeGreaterThanOrEqual(15);
    expect(tree.map((c) => c.sortOrder)).toEqual([...tree.map((c) => c.sortOrder)].sort((a, b) => a - b));
    for (const top of tree) {
      expect(top.level).toBe(1);
      expect(top.icon).toMatch(/^\/static\/goods\/icon-[a-z]+\.svg$/);
      expect(top.children.length).toBeGreaterThan(0);
      for (const mid of top.children) {
        expect(mid.level).toBe(2);
        expect(mid.children.length).toBeGreaterThan(0);
        for (const leaf of mid.children) expect(leaf).toMatchObject({ level: 3, children: [] });
      }
    }
    const icon = await fetch(`${s.url}${tree[0].icon}`);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('sends the tree compressed as the browser accepts it (brotli, else gzip), the same JSON either way', async () => {
    const raw = (acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
        http
          .get(`${s.url}/member/goods/category/tree`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const tree = JSON.parse(plain.body.toString());
    expect(tree.code).toBe(0);

    const br = await raw('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(tree);

    const gzip = await raw('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(tree);

    expect((await raw('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('lists the six best sellers on shelf, best first', async () => {
    const res = await s.api.get('/member/goods/getGoodsSalesList/6');
    expect(res.code).toBe(0);
    expect(res.data).toHaveLength(6);
    const sales = res.data.map((g: any) => g.sales);
    expect(sales).toEqual([...sales].sort((a: number, b: number) => b - a));
    const [best] = await rows<{ id: number }>(
      s.running.app.ctx.db,
      sql`SELECT id FROM goods WHERE on_shelf ORDER BY sales DESC, id LIMIT 1`,
    );
    expect(res.data[0].id).toBe(best!.id);
    expect(res.data[0]).toMatchObject({ price: expect.any(Number), image: expect.stringMatching(/\.svg$/) });
    for (let ask = 0; ask < 2; ask++) {
      // asked again, a bad count is refused again: only counts that were read as valid are kept
      expect((await s.api.get('/member/goods/getGoodsSalesList/abc')).code).toBe(400);
      expect((await s.api.get('/member/goods/getGoodsSalesList/100000')).code).toBe(400);
      const three = await s.api.get('/member/goods/getGoodsSalesList/03');
      expect(three.data.map((g: any) => g.id)).toEqual(res.data.slice(0, 3).map((g: any) => g.id));
    }
  });

  it('pages the recommended feed in a stable order, on-shelf goods only', async () => {
    const a = await s.api.get('/member/goods/goods/recommend', { query: { pageNum: 2, pageSize: 10 } });
    const b = await s.api.get('/member/goods/goods/recommend', { query: { pageNum: 2, pageSize: 10 } });
    expect(a.data.list.map((g: any) => g.id)).toEqual(b.data.list.map((g: any) => g.id));
    expect(a.data).toMatchObject({ pageNum: 2, pageSize: 10 });
    const [count] = await rows<{ n: number }>(
      s.running.app.ctx.db,
      sql`SELECT count(*)::int AS n FROM goods WHERE on_shelf`,
    );
    expect(a.data.total).toBe(count!.n);
    for (const bad of [
      { pageNum: -1 },
      { pageNum: 0 },
      { pageSize: 51 },
      { pageSize: 'x' },
      { pageNum: '99999999999' },
    ]) {
      const res = await s.api.get('/member/goods/goods/recommend', { query: bad as any });
      expect(res.code, JSON.stringify(bad)).toBe(400);
      expect(res.message).toMatch(/页码|每页条数/);
    }
  });

  it('shows a goods with SKUs, stock, params, images, breadcrumbs and brand', async () => {
    const [g] = await rows<{ id: number }>(
      s.running.app.ctx.db,
      sql`SELECT id FROM goods WHERE on_shelf ORDER BY id LIMIT 1`,
    );
    const res = await s.api.get(`/member/goods/goods/detail/${g!.id}`);
    expect(res.code).toBe(0);
    const d = res.data;
    expect(d.images).toHaveLength(4);
    expect(d.breadcrumbs).toHaveLength(3);
    expect(d.brand?.name).toBeTruthy();
    expect(d.skus.length).toBeGreaterThan(0);
    expect(d.stock).toBe(d.skus.reduce((n: number, k: any) => n + k.stock, 0));
    expect(d.price).toBe(Math.min(...d.skus.map((k: any) => k.price)));
    for (const dim of d.specs) for (const sku of d.skus) expect(dim.values).toContain(sku.specs[dim.name]);
    expect(d.params.find((p: any) => p.name === '品牌')?.value).toBe(d.brand.name);
    expect(d.detail.some((b: any) => b.type === 'image')).toBe(true);
    const picture = await fetch(`${s.url}${d.images[0]}`);
    const svg = await picture.text();
    expect(picture.status).toBe(200);
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(svg).not.toBe(await (await fetch(`${s.url}/static/goods/${g!.id + 1}-1.svg`)).text());
    expect((await fetch(`${s.url}/static/goods/999999-1.svg`)).status).toBe(404);
    expect((await fetch(`${s.url}/static/goods/..%2f..%2fetc-1.svg`)).status).toBe(404);
  });

  it('answers 107301 for goods off shelf and 商品不存在 for unknown or malformed ids', async () => {
    const [off] = await rows<{ id: number }>(
      s.running.app.ctx.db,
      sql`SELECT id FROM goods WHERE NOT on_shelf LIMIT 1`,
    );
    expect((await s.api.get(`/member/goods/goods/detail/${off!.id}`)).code).toBe(107301);
    for (const id of ['999999', '0', '-1', 'abc', '1.5', '1e3', '9'.repeat(40), "1'%20OR%20'1'='1", '%F0%9F%98%80']) {
      const res = await s.api.get(`/member/goods/goods/detail/${id}`);
      expect(res.code, id).toBe(107302);
      expect(res.message).toBe('商品不存在');
    }
  });

  it('keeps the search index current when a goods is renamed or taken off shelf', async () => {
    const db = s.running.app.ctx.db;
    const [g] = await rows<{ id: number }>(db, sql`SELECT id FROM goods WHERE on_shelf ORDER BY id DESC LIMIT 1`);
    await updateGoods(db, g!.id, { name: '量子纠缠限定版保温杯' });
    let res = await s.api.post('/member/search/goods/search', { json: { keyword: '量子纠缠' } });
    expect(res.data.list.map((x: any) => x.id)).toEqual([g!.id]);
    await updateGoods(db, g!.id, { onShelf: false });
    invalidateCatalog(db);
    res = await s.api.post('/member/search/goods/search', { json: { keyword: '量子纠缠' } });
    expect(res.data.total).toBe(0);
    expect((await s.api.get(`/member/goods/goods/detail/${g!.id}`)).code).toBe(107301);
  });
});
