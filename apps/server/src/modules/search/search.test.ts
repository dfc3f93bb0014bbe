import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startCatalogServer } from '../../test/kit/index.ts';
import { setSetting } from '../site/site.service.ts';
import { searchByIlike } from './search.service.ts';

const search = (s: TestServer, json: unknown) => s.api.post('/member/search/goods/search', { json });

describe('goods search', () => {
  let s: TestServer;
  let tree: any[];
  beforeAll(async () => {
    s = await startCatalogServer(800);
    tree = (await s.api.get('/member/goods/category/tree')).data;
  });
  afterAll(async () => s?.close());

  it('highlights matched words in an HTML-escaped name and counts facets over the matched set', async () => {
    const res = await search(s, { keyword: '华为手机', pageSize: 5 });
    expect(res.code).toBe(0);
    expect(res.data.list[0].nameHighlight).toMatch(/<em>华为<\/em>.*<em>手机<\/em>/);
    expect(res.data.list[0].nameHighlight.replace(/<\/?em>/g, '')).toBe(res.data.list[0].name);
    const { categories, brands } = res.data.facets;
    expect(categories.reduce((n: number, c: any) => n + c.count, 0)).toBe(res.data.total);
    expect(brands.find((b: any) => b.name === '华为')?.count).toBeGreaterThan(0);
  });

  it('filters by a category subtree, brands and price range, and sorts by allowlisted keys', async () => {
    const phones = tree.find((c) => c.name === '手机数码');
    const all = await search(s, { categoryId: phones.id, pageSize: 50 });
    const leafIds = new Set(phones.children.flatMap((m: any) => m.children.map((l: any) => l.id)));
    expect(all.data.total).toBeGreaterThan(0);
    for (const g of all.data.list) expect(leafIds.has(g.categoryId)).toBe(true);

    const brand = all.data.facets.brands[0];
    const byBrand = await search(s, { categoryId: phones.id, brandIds: [brand.id], pageSize: 50 });
    expect(byBrand.data.total).toBe(brand.count);
    for (const g of byBrand.data.list) expect(g.brandId).toBe(brand.id);
    expect(byBrand.data.facets.brands.length).toBeGreaterThan(1); // other brands stay offered

    const priced = await search(s, {
      keyword: '手机',
      minPrice: 100000,
      maxPrice: 300000,
      sort: 'priceAsc',
      pageSize: 50,
    });
    const prices = priced.data.list.map((g: any) => g.price);
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) expect(p >= 100000 && p <= 300000).toBe(true);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const desc = (await search(s, { keyword: '手机', sort: 'priceDesc' })).data.list.map((g: any) => g.price);
    expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
    const bySales = (await search(s, { keyword: '手机', sort: 'sales' })).data.list.map((g: any) => g.sales);
    expect(bySales).toEqual([...bySales].sort((a: number, b: number) => b - a));
    expect((await search(s, { keyword: '手机', sort: 'newest' })).code).toBe(0);
  });

  it('pages through results without overlap', async () => {
    const p1 = await search(s, { keyword: '手机', pageNum: 1, pageSize: 10 });
    const p2 = await search(s, { keyword: '手机', pageNum: 2, pageSize: 10 });
    const ids = [...p1.data.list, ...p2.data.list].map((g: any) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(p2.data).toMatchObject({ pageNum: 2, pageSize: 10, total: p1.data.total });
    const far = await search(s, { keyword: '手机', pageNum: 100000, pageSize: 50 });
    expect(far.data.list).toEqual([]);
  });

  it('answers an unknown word with an empty page and did-you-mean words that have goods', async () => {
    const res = await search(s, { keyword: '华为手鸡' });
    expect(res.data.total).toBeGreaterThan(0);
    expect(res.data.correctedKeyword).toBe('华为手机');
    const none = await search(s, { keyword: '蓝牙耳鸡垫子套装xyzzy' });
    expect(none.data.total).toBe(0);
    expect(Array.isArray(none.data.suggestions)).toBe(true);
    const pinyin = await search(s, { keyword: 'kongtiao' });
    expect(pinyin.data.correctedKeyword).toBe('空调');
  });

  it('completes words, pinyin and initials', async () => {
    const words = async (keyword: string) =>
      (await s.api.post('/member/search/goods/getSimilarWords', { json: { keyword } })).data as string[];
    expect((await words('shouji'))[0]).toBe('手机');
    expect((await words('sj'))[0]).toBe('手机');
    expect(await words('手机')).toContain('手机壳');
    expect(await words('华为')).toContain('华为手机');
    expect((await words('华为手鸡')).slice(0, 2)).toContain('华为手机');
    expect(await words('')).toEqual([]);
    expect(await words('😀')).toEqual([]);
  });

  it('hot words: pinned words first, then what buyers searched, at most 10', async () => {
    const fresh = await startCatalogServer(50);
    try {
      await setSetting(fresh.running.app.ctx.db, 'pinnedHotWords', ['新品', '手机']);
      for (const k of ['空调', '空调', '空调', '坚果', '坚果', '<script>x</script>', '手机'])
        await search(fresh, { keyword: k });
      const res = await fresh.api.post('/member/search/goods/getGoodsHotKeys', { json: {} });
      expect(res.code).toBe(0);
      expect(res.data.slice(0, 2)).toEqual(['新品', '手机']);
      expect(res.data.length).toBeLessThanOrEqual(10);
      const rest = res.data.slice(2);
      if (rest.includes('坚果')) expect(rest.indexOf('空调')).toBeLessThan(rest.indexOf('坚果'));
      expect(res.data.join('')).not.toContain('<');
    } finally {
      await fresh.close();
    }
  });

  it('refuses or empties bad input, never a fault', async () => {
    const bad: [unknown, RegExp | null][] = [
      [{ keyword: 'x'.repeat(10_240) }, /搜索关键词不能超过/],
      [{ keyword: '手机', sort: 'price; DROP TABLE goods' }, /排序方式/],
      [{ keyword: '手机', sort: 'id' }, /排序方式/],
      [{ pageNum: -1 }, /页码/],
      [{ pageNum: 10 ** 12 }, /页码/],
      [{ pageSize: 1000 }, /每页条数/],
      [{ pageSize: 0 }, /每页条数/],
      [{ categoryId: 'abc' }, /分类/],
      [{ brandIds: ['x'] }, /品牌/],
      [{ brandIds: 'not-an-array' }, /品牌/],
      [{ minPrice: -5 }, /最低价/],
      [{ maxPrice: 1.5 }, /最高价/],
      [{ keyword: { $ne: 1 } }, /搜索关键词/],
      [{ keyword: ['a', 'b'] }, /搜索关键词/],
    ];
    for (const [body, message] of bad) {
      const res = await search(s, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(200);
      expect(res.code).toBe(400);
      expect(res.message).toMatch(message!);
    }
    const empties = [
      "'; DROP TABLE goods; --",
      "') | ('a",
      '<script>alert(1)</script>',
      '😀😀😀',
      '!!!',
      '%_%',
      '\\',
      'a:* & !b',
      '\u0000',
    ];
    for (const keyword of empties) {
      const res = await search(s, { keyword });
      expect(res.status, keyword).toBe(200);
      expect(res.code, keyword).toBe(0);
      for (const g of res.data.list) expect(g.nameHighlight).not.toMatch(/<(?!\/?em>)/);
    }
    expect((await search(s, { categoryId: 999999 })).data.total).toBe(0);
    expect((await search(s, { minPrice: 500, maxPrice: 100 })).data.total).toBe(0);
    const raw = await s.api.post('/member/search/goods/search', {
      rawBody: '{"keyword":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(
      (await s.api.post('/member/search/goods/getSimilarWords', { json: { keyword: 'y'.repeat(10_240) } })).code,
    ).toBe(400);
    expect((await s.api.post('/member/search/goods/getSimilarWords', { json: { keyword: "' OR 1=1 --" } })).code).toBe(
      0,
    );
    const goods = await s.api.get('/member/goods/count');
    expect(goods.status).toBe(404);
  });

  it('offers the ILIKE baseline with the same page shape', async () => {
    const res = await searchByIlike(s.running.app.ctx, '手机');
    expect(res.total).toBeGreaterThan(0);
    expect(res.list[0]).toHaveProperty('nameHighlight');
    expect((await searchByIlike(s.running.app.ctx, '%')).total).toBe(0);
  });
});
