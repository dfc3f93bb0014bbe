import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  asOps,
  catalogRowCount as count,
  dbOf,
  opsGoodsBody as goodsBody,
  PNG,
  someLeaf,
  startOpsCatalogServer,
  uploadGoodsImage as uploadImage,
  type TestServer,
} from '../../test/kit/index.ts';

const OPS_TOKEN = 'ops-catalog-taxonomy-token-0123456789abcd';
let server: TestServer;
let close: () => Promise<void>;
let image: string;

beforeAll(async () => {
  ({ server, close } = await startOpsCatalogServer(OPS_TOKEN, 20));
  image = (await uploadImage(server, OPS_TOKEN, PNG)).data.url;
});
afterAll(() => close());

const ops = asOps(OPS_TOKEN);
const post = (path: string, json: unknown) => server.api.post(path, { json, ...ops });
const get = (path: string, query: Record<string, string | number> = {}) => server.api.get(path, { query, ...ops });
const buyerTree = async () => (await server.api.get('/member/goods/category/tree')).data as Node[];
const buyerSearch = async (keyword: string) =>
  (
    (await server.api.post('/member/search/goods/search', { json: { keyword, pageSize: 50 } })).data.list as {
      id: number;
    }[]
  ).map((g) => g.id);

interface Node {
  id: number;
  name: string;
  sortOrder: number;
  goodsCount?: number;
  children: Node[];
}
const find = (nodes: Node[], id: number): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const deeper = find(n.children, id);
    if (deeper) return deeper;
  }
  return undefined;
};

async function makeGoods(categoryId: number, name: string, brandId: number | null = null) {
  const res = await post('/ops/goods/create', goodsBody({ name, categoryId, image, brandId }));
  if (res.code !== 0) throw new Error(res.message);
  return res.data.goodsId as number;
}

describe('categories', () => {
  it('answers the tree the buyer sees, with goods counts', async () => {
    const tree = (await get('/ops/category/tree')).data as Node[];
    const buyer = await buyerTree();
    const shape = (nodes: Node[]): unknown => nodes.map((n) => [n.id, n.name, shape(n.children)]);
    expect(shape(tree)).toEqual(shape(buyer));
    const total = tree.reduce((n, t) => n + t.goodsCount!, 0);
    expect(total).toBe(await count(dbOf(server), 'goods'));
  });

  it('adds a top level, a child and a grandchild; the buyer’s tree has them at once; a fourth level is refused', async () => {
    const top = await post('/ops/category/save', { name: '测试顶级分类', sort: 999 });
    expect(top.code, top.message).toBe(0);
    expect(top.message).toBe('分类已添加');
    const child = await post('/ops/category/save', { parentId: top.data.id, name: '测试二级', sort: 1 });
    const leaf = await post('/ops/category/save', { parentId: child.data.id, name: '测试三级', sort: 1 });
    expect(leaf.code).toBe(0);
    const node = find(await buyerTree(), top.data.id)!;
    expect(node.children[0]!.children[0]!.name).toBe('测试三级');
    const deeper = await post('/ops/category/save', { parentId: leaf.data.id, name: '第四级' });
    expect(deeper.code).toBe(Code.BAD_REQUEST);
    expect(deeper.message).toBe('分类最多 3 级，不能在「测试三级」下添加子分类');

    const dup = await post('/ops/category/save', { parentId: top.data.id, name: '测试二级' });
    expect(dup.message).toBe('同级已有分类「测试二级」');
    const unknownParent = await post('/ops/category/save', { parentId: 999_999, name: '孤儿' });
    expect(unknownParent.message).toBe('上级分类不存在');

    const audit = await get('/ops/audit/page', { objectType: 'category', objectId: String(leaf.data.id) });
    expect(audit.data.list[0].changes).toEqual(
      expect.arrayContaining([{ field: 'categoryName', before: null, after: '测试三级' }]),
    );
  });

  it('renames in place: the buyer’s tree and search follow at once, and the log has before → after', async () => {
    const top = (await post('/ops/category/save', { name: '改名顶级', sort: 998 })).data.id;
    const leafId = (await post('/ops/category/save', { parentId: top, name: '旧叶子名', sort: 0 })).data.id;
    const goodsId = await makeGoods(leafId, '改名测试商品一号');
    expect(await buyerSearch('鹦鹉螺')).not.toContain(goodsId);

    const renamed = await post('/ops/category/save', { id: leafId, name: '鹦鹉螺', sort: 5 });
    expect(renamed.code, renamed.message).toBe(0);
    expect(renamed.message).toBe('分类已保存');
    expect(find(await buyerTree(), leafId)).toMatchObject({ name: '鹦鹉螺', sortOrder: 5 });
    expect(await buyerSearch('鹦鹉螺')).toContain(goodsId);
    const detail = await server.api.get(`/member/goods/goods/detail/${goodsId}`);
    expect(detail.data.breadcrumbs.at(-1).name).toBe('鹦鹉螺');

    const audit = await get('/ops/audit/page', {
      objectType: 'category',
      objectId: String(leafId),
      action: 'category.update',
    });
    expect(audit.data.list[0].changes).toEqual([
      { field: 'categoryName', before: '旧叶子名', after: '鹦鹉螺' },
      { field: 'sort', before: 0, after: 5 },
    ]);
    const moved = await post('/ops/category/save', { id: leafId, parentId: null, name: '鹦鹉螺' });
    expect(moved.message).toMatch(/暂不支持移动分类/);
    expect((await post('/ops/category/save', { id: 999_999, name: 'x' })).code).toBe(Code.NOT_FOUND);
  });

  it('sorts siblings by their sort number', async () => {
    const top = (await post('/ops/category/save', { name: '排序测试', sort: 997 })).data.id;
    const a = (await post('/ops/category/save', { parentId: top, name: '甲', sort: 2 })).data.id;
    const b = (await post('/ops/category/save', { parentId: top, name: '乙', sort: 1 })).data.id;
    expect(find(await buyerTree(), top)!.children.map((c) => c.id)).toEqual([b, a]);
    await post('/ops/category/save', { id: a, name: '甲', sort: 0 });
    expect(find(await buyerTree(), top)!.children.map((c) => c.id)).toEqual([a, b]);
  });

  it('deletes only what nothing uses, with the reason in Chinese', async () => {
    const top = (await post('/ops/category/save', { name: '删除测试', sort: 996 })).data.id;
    const used = (await post('/ops/category/save', { parentId: top, name: '有商品', sort: 0 })).data.id;
    const empty = (await post('/ops/category/save', { parentId: top, name: '空的', sort: 1 })).data.id;
    await makeGoods(used, '删除测试商品');

    const withChildren = await post('/ops/category/delete', { id: top });
    expect(withChildren.code).toBe(Code.BAD_REQUEST);
    expect(withChildren.message).toBe('分类「删除测试」下还有 2 个子分类，不能删除');
    const withGoods = await post('/ops/category/delete', { id: used });
    expect(withGoods.message).toBe('分类「有商品」下还有 1 件商品，不能删除');
    const childOfUsed = await post('/ops/category/save', { parentId: used, name: '不该有' });
    expect(childOfUsed.message).toMatch(/分类「有商品」下还有 1 件商品/);

    const ok = await post('/ops/category/delete', { id: empty });
    expect(ok.code).toBe(0);
    expect(ok.message).toBe('分类已删除');
    expect(find(await buyerTree(), empty)).toBeUndefined();
    expect((await post('/ops/category/delete', { id: empty })).code).toBe(Code.NOT_FOUND);
    const audit = await get('/ops/audit/page', {
      objectType: 'category',
      objectId: String(empty),
      action: 'category.delete',
    });
    expect(audit.data.list[0].changes).toEqual(
      expect.arrayContaining([{ field: 'categoryName', before: '空的', after: null }]),
    );
  });

  it('refuses bad input, changing nothing', async () => {
    const before = await count(dbOf(server), 'categories');
    for (const [body, message] of [
      [{}, /请填写分类名称/],
      [{ name: '' }, /请填写分类名称/],
      [{ name: '   ' }, /请填写分类名称/],
      [{ name: '长'.repeat(21) }, /分类名称不能超过 20 个字符/],
      [{ name: '两\n行' }, /分类名称不能包含换行/],
      [{ name: 42 }, /分类名称格式不正确/],
      [{ name: 'x', sort: -1 }, /排序不能小于 0/],
      [{ name: 'x', sort: 10_000 }, /排序不能大于 9999/],
      [{ name: 'x', sort: 1.5 }, /排序必须是整数/],
      [{ name: 'x', parentId: 'a' }, /上级分类必须是整数/],
      [{ name: 'x', id: -3 }, /分类编号不能小于 1/],
      [{ name: 'x', id: "1' OR '1'='1" }, /分类编号必须是整数/],
    ] as [unknown, RegExp][]) {
      const res = await post('/ops/category/save', body);
      expect(res.code, JSON.stringify(body)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    for (const body of [{}, { id: 0 }, { id: 'x' }, { id: 2 ** 31 }]) {
      const res = await post('/ops/category/delete', body);
      expect(res.code, JSON.stringify(body)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/分类编号/);
    }
    expect(await count(dbOf(server), 'categories')).toBe(before);
  });

  it('keeps injection-shaped and unicode names as text', async () => {
    for (const name of [`x');DROP TABLE c;--`, '🍎 水果', '<b>粗</b>']) {
      const res = await post('/ops/category/save', { name, sort: 900 });
      expect(res.code, name).toBe(0);
      expect(find(await buyerTree(), res.data.id)!.name).toBe(name);
    }
  });
});

describe('brands', () => {
  it('lists with goods counts, searches by name or alias, and pages', async () => {
    const all = await get('/ops/brand/list', { pageSize: 5 });
    expect(all.code).toBe(0);
    expect(all.data.list).toHaveLength(5);
    expect(all.data.total).toBe(await count(dbOf(server), 'brands'));
    expect(all.data.list[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      goodsCount: expect.any(Number),
    });
    const huawei = await get('/ops/brand/list', { keyword: 'huawei' });
    expect(huawei.data.list.map((b: { name: string }) => b.name)).toContain('华为');
    expect((await get('/ops/brand/list', { keyword: '%' })).data.total).toBe(0);
    for (const q of [{ pageSize: 0 }, { pageSize: 51 }, { pageNum: -1 }, { keyword: 'k'.repeat(51) }] as Record<
      string,
      string | number
    >[]) {
      expect((await get('/ops/brand/list', q)).code, JSON.stringify(q)).toBe(Code.BAD_REQUEST);
    }
  });

  it('adds, renames (goods follow in search and detail at once) and deletes only an unused brand', async () => {
    const made = await post('/ops/brand/save', { name: '青鸾', alias: 'Qingluan', sort: 5, logo: image });
    expect(made.code, made.message).toBe(0);
    expect(made.message).toBe('品牌已添加');
    const leaf = await someLeaf(dbOf(server), 2);
    const goodsId = await makeGoods(leaf.id, '品牌改名测试手提包', made.data.id);
    expect(await buyerSearch('青鸾')).toContain(goodsId);
    expect(await buyerSearch('qingluan')).toContain(goodsId);

    const dup = await post('/ops/brand/save', { name: '青鸾' });
    expect(dup.message).toBe('品牌「青鸾」已存在');
    const dupCase = await post('/ops/brand/save', { name: 'oppo' });
    expect(dupCase.message).toBe('品牌「oppo」已存在');

    const renamed = await post('/ops/brand/save', {
      id: made.data.id,
      name: '玄鸟',
      alias: 'Xuanniao',
      sort: 5,
      logo: image,
    });
    expect(renamed.code, renamed.message).toBe(0);
    expect(await buyerSearch('玄鸟')).toContain(goodsId);
    expect(await buyerSearch('qingluan')).not.toContain(goodsId);
    const detail = await server.api.get(`/member/goods/goods/detail/${goodsId}`);
    expect(detail.data.brand).toMatchObject({ name: '玄鸟', alias: 'Xuanniao', logo: image });
    const audit = await get('/ops/audit/page', {
      objectType: 'brand',
      objectId: String(made.data.id),
      action: 'brand.update',
    });
    expect(audit.data.list[0].changes).toEqual([
      { field: 'brandName', before: '青鸾', after: '玄鸟' },
      { field: 'alias', before: 'Qingluan', after: 'Xuanniao' },
    ]);

    const inUse = await post('/ops/brand/delete', { id: made.data.id });
    expect(inUse.code).toBe(Code.BAD_REQUEST);
    expect(inUse.message).toBe('品牌「玄鸟」下还有 1 件商品，不能删除');
    const spare = await post('/ops/brand/save', { name: '待删品牌' });
    const gone = await post('/ops/brand/delete', { id: spare.data.id });
    expect(gone.message).toBe('品牌已删除');
    expect((await post('/ops/brand/delete', { id: spare.data.id })).code).toBe(Code.NOT_FOUND);
    expect((await post('/ops/brand/save', { id: spare.data.id, name: '复活' })).code).toBe(Code.NOT_FOUND);
  });

  it('refuses bad input, changing nothing', async () => {
    const before = await count(dbOf(server), 'brands');
    for (const [body, message] of [
      [{}, /请填写品牌名称/],
      [{ name: '长'.repeat(31) }, /品牌名称不能超过 30 个字符/],
      [{ name: 'a\tb' }, /品牌名称不能包含换行或控制字符/],
      [{ name: 'x', alias: 'a'.repeat(51) }, /英文名不能超过 50 个字符/],
      [{ name: 'x', logo: '/etc/passwd' }, /品牌标志不存在或已失效/],
      [{ name: 'x', logo: 'javascript:alert(1)' }, /品牌标志不存在或已失效/],
      [{ name: 'x', sort: -5 }, /排序不能小于 0/],
      [{ name: 'x', sort: 'first' }, /排序必须是整数/],
      [{ name: 'x', id: 1.5 }, /品牌编号必须是整数/],
    ] as [unknown, RegExp][]) {
      const res = await post('/ops/brand/save', body);
      expect(res.code, JSON.stringify(body)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    expect(await count(dbOf(server), 'brands')).toBe(before);
  });

  it('two operators adding the same brand at once: one is added, the other told it exists', async () => {
    const replies = await Promise.all([1, 2].map(() => post('/ops/brand/save', { name: '同时新建品牌' })));
    expect(replies.map((r) => r.code).sort()).toEqual([0, Code.BAD_REQUEST]);
    expect(replies.find((r) => r.code !== 0)!.message).toBe('品牌「同时新建品牌」已存在');
  });
});
