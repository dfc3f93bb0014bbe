import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../lib/db.ts';
import { type TestServer, dbOf, setOnShelf, startCatalogServer } from '../../test/kit/index.ts';

/**
 * The search's scope filters, as /couponGoodsList uses them for a coupon: `goodsIds` (a 限指定商品
 * coupon's goods) and `categoryIds` (a 限指定分类 coupon's categories, any depth), with the usual sort,
 * price range and paging on top.
 */
const search = (s: TestServer, json: unknown) => s.api.post('/member/search/goods/search', { json });

interface Node {
  id: number;
  name: string;
  children?: Node[];
}
const leavesOf = (n: Node): number[] => (n.children?.length ? n.children.flatMap(leavesOf) : [n.id]);

describe('goods search scoped to a coupon', () => {
  let s: TestServer;
  let tree: Node[];
  let named: number[];
  let offShelf: number;
  beforeAll(async () => {
    s = await startCatalogServer(300);
    tree = (await s.api.get('/member/goods/category/tree')).data;
    const ids = await rows<{ id: number }>(dbOf(s), sql`SELECT id FROM goods WHERE on_shelf ORDER BY id LIMIT 13`);
    named = ids.map((r) => r.id);
    offShelf = named[12]!;
    await setOnShelf(dbOf(s), offShelf, false);
  });
  afterAll(async () => s?.close());

  it('goodsIds: exactly the named goods on shelf, sorted, paged and narrowed by price', async () => {
    const all = await search(s, { goodsIds: named, sort: 'priceAsc', pageSize: 50 });
    expect(all.code).toBe(0);
    const onShelf = named.filter((id) => id !== offShelf);
    expect(all.data.total).toBe(onShelf.length);
    expect(all.data.list.map((g: any) => g.id).sort((a: number, b: number) => a - b)).toEqual(onShelf);
    const prices = all.data.list.map((g: any) => g.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const p1 = await search(s, { goodsIds: named, sort: 'priceAsc', pageNum: 1, pageSize: 5 });
    const p3 = await search(s, { goodsIds: named, sort: 'priceAsc', pageNum: 3, pageSize: 5 });
    expect(p1.data.list.map((g: any) => g.id)).toEqual(all.data.list.slice(0, 5).map((g: any) => g.id));
    expect(p3.data.list.map((g: any) => g.id)).toEqual(all.data.list.slice(10).map((g: any) => g.id));

    const low = prices[3]!;
    const high = prices[8]!;
    const ranged = await search(s, { goodsIds: named, minPrice: low, maxPrice: high, pageSize: 50 });
    const expected = all.data.list.filter((g: any) => g.price >= low && g.price <= high).map((g: any) => g.id);
    expect(ranged.data.list.map((g: any) => g.id).sort((a: number, b: number) => a - b)).toEqual(
      [...expected].sort((a: number, b: number) => a - b),
    );
    expect(ranged.data.total).toBeLessThan(all.data.total);

    const desc = await search(s, { goodsIds: named, sort: 'priceDesc', pageSize: 50 });
    expect(desc.data.total).toBe(all.data.total);
    const descPrices = desc.data.list.map((g: any) => g.price as number);
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));

    // form-encoded repeated keys and duplicates read the same
    const form = await s.api.post('/member/search/goods/search', { form: { goodsIds: [named[0], named[1], named[1]], pageSize: 50 } });
    expect(form.code).toBe(0);
    expect(form.data.list.map((g: any) => g.id).sort((a: number, b: number) => a - b)).toEqual([named[0], named[1]]);
  });

  it('goodsIds: unknown, off-shelf or an empty list find nothing; a keyword searches inside the scope', async () => {
    expect((await search(s, { goodsIds: [2_000_000_000] })).data).toMatchObject({ total: 0, list: [] });
    expect((await search(s, { goodsIds: [offShelf] })).data.total).toBe(0);
    expect((await search(s, { goodsIds: [] })).data).toMatchObject({ total: 0, list: [] });
    const first = (await search(s, { goodsIds: [named[0]] })).data.list[0];
    const word = String(first.name).slice(0, 2);
    const inScope = await search(s, { keyword: word, goodsIds: named, pageSize: 50 });
    expect(inScope.data.list.length).toBeGreaterThan(0);
    for (const g of inScope.data.list) expect(named).toContain(g.id);
  });

  it('categoryIds: goods under any of the categories at any depth, narrowed by categoryId and goodsIds', async () => {
    const [a, b] = tree;
    const mid = b!.children![0]!;
    const leaves = new Set([...leavesOf(a!), ...leavesOf(mid)]);
    const res = await search(s, { categoryIds: [a!.id, mid.id], pageSize: 50 });
    expect(res.code).toBe(0);
    expect(res.data.total).toBeGreaterThan(0);
    for (const g of res.data.list) expect(leaves.has(g.categoryId)).toBe(true);
    const onlyA = await search(s, { categoryIds: [a!.id], pageSize: 50 });
    const onlyMid = await search(s, { categoryIds: [mid.id], pageSize: 50 });
    expect(res.data.total).toBe(onlyA.data.total + onlyMid.data.total);

    // the /goodsList category inside the scope narrows it; one outside it leaves nothing
    const sub = a!.children![0]!;
    const narrowed = await search(s, { categoryIds: [a!.id, mid.id], categoryId: sub.id, pageSize: 50 });
    expect(narrowed.data.total).toBe((await search(s, { categoryId: sub.id })).data.total);
    const outside = tree[2]!;
    expect((await search(s, { categoryIds: [a!.id], categoryId: outside.id })).data.total).toBe(0);

    // unknown categories match nothing; with a known one they are ignored
    expect((await search(s, { categoryIds: [2_000_000_000] })).data.total).toBe(0);
    expect((await search(s, { categoryIds: [a!.id, 2_000_000_000] })).data.total).toBe(onlyA.data.total);

    // both scopes: only the named goods inside the categories
    const both = await search(s, { categoryIds: [a!.id], goodsIds: named, pageSize: 50 });
    const aLeaves = new Set(leavesOf(a!));
    for (const g of both.data.list) {
      expect(named).toContain(g.id);
      expect(aLeaves.has(g.categoryId)).toBe(true);
    }
    const priced = await search(s, { categoryIds: [a!.id], minPrice: 10000, maxPrice: 50000, sort: 'priceDesc', pageSize: 50 });
    for (const g of priced.data.list) expect(g.price >= 10000 && g.price <= 50000).toBe(true);
  });

  it('refuses bad scope values with a Chinese message naming the field, and records nothing', async () => {
    const before = await rows<{ n: number }>(dbOf(s), sql`SELECT count(*)::int AS n FROM search_keywords`);
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    const bad: [unknown, RegExp][] = [
      [{ keyword: '手机', goodsIds: many }, /最多指定 100 件商品/],
      [{ keyword: '手机', categoryIds: many }, /最多指定 100 个分类/],
      [{ keyword: '手机', goodsIds: ['abc'] }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: 'abc' }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: [-1] }, /商品编号不能小于 1/],
      [{ keyword: '手机', goodsIds: [0] }, /商品编号不能小于 1/],
      [{ keyword: '手机', goodsIds: [1.5] }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: [3_000_000_000] }, /商品编号不能大于/],
      [{ keyword: '手机', goodsIds: [1e20] }, /商品编号不能大于/],
      [{ keyword: '手机', goodsIds: ['1; DROP TABLE goods'] }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: ["1) OR (1=1"] }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: ['１２'] }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: ['商品'] }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: [{ $gt: 0 }] }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: [[1, 2]] }, /商品编号必须是整数/],
      [{ keyword: '手机', goodsIds: [true] }, /商品编号必须是整数/],
      [{ keyword: '手机', categoryIds: ['x'] }, /分类编号必须是整数/],
      [{ keyword: '手机', categoryIds: [-3] }, /分类编号不能小于 1/],
      [{ keyword: '手机', categoryIds: { 0: 1 } }, /分类编号必须是整数/],
      [{ keyword: '手机', categoryIds: ['😀'] }, /分类编号必须是整数/],
    ];
    for (const [body, message] of bad) {
      const res = await search(s, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(200);
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.message).toMatch(message);
      expect(res.data ?? null).toBeNull();
    }
    const huge = await s.api.post('/member/search/goods/search', {
      rawBody: JSON.stringify({ goodsIds: Array.from({ length: 200_000 }, (_, i) => i + 1) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([200, 413]).toContain(huge.status);
    expect(huge.code).not.toBe(0);
    const after = await rows<{ n: number }>(dbOf(s), sql`SELECT count(*)::int AS n FROM search_keywords`);
    expect(after[0]!.n).toBe(before[0]!.n);
    // a coupon's whole scope (at most 100) is one call
    const hundred = await search(s, { goodsIds: Array.from({ length: 100 }, (_, i) => i + 1), categoryIds: many.slice(0, 100), pageSize: 50 });
    expect(hundred.code).toBe(0);
    for (const g of hundred.data.list) expect(g.id).toBeLessThanOrEqual(100);
    // an empty or null value is no filter at all, as for the other optional filters
    const open = await search(s, { goodsIds: null, categoryIds: '' });
    expect(open.code).toBe(0);
    expect(open.data.total).toBe((await search(s, {})).data.total);
  });
});
