import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  asOps,
  catalogRowCount as count,
  dbOf,
  GIF,
  opsGoodsBody as goodsBody,
  PNG,
  someBrand,
  someLeaf,
  startOpsCatalogServer,
  uploadGoodsImage as uploadImage,
  type TestServer,
} from '../../test/kit/index.ts';
import { rows } from '../../lib/db.ts';

const OPS_TOKEN = 'ops-catalog-goods-token-0123456789abcdef';
let server: TestServer;
let close: () => Promise<void>;
let image: { name: string; url: string };
let leaf: { id: number; name: string };

beforeAll(async () => {
  ({ server, close } = await startOpsCatalogServer(OPS_TOKEN));
  image = (await uploadImage(server, OPS_TOKEN, PNG)).data;
  leaf = await someLeaf(dbOf(server));
});
afterAll(() => close());

const ops = asOps(OPS_TOKEN);
const post = (path: string, json: unknown) => server.api.post(path, { json, ...ops });
const get = (path: string, query: Record<string, string | number> = {}) => server.api.get(path, { query, ...ops });
const buyerSearch = async (keyword: string) =>
  (
    (await server.api.post('/member/search/goods/search', { json: { keyword, pageSize: 50 } })).data.list as {
      id: number;
      name: string;
    }[]
  ).map((g) => g.id);
const buyerDetail = (id: number) => server.api.get(`/member/goods/goods/detail/${id}`);

async function create(over: Record<string, unknown> = {}, name = `测试商品${Math.random().toString(36).slice(2, 8)}`) {
  const res = await post('/ops/goods/create', {
    ...goodsBody({ name, categoryId: leaf.id, image: image.url }),
    ...over,
  });
  if (res.code !== 0) throw new Error(`create failed: ${res.message}`);
  return res.data.goodsId as number;
}

describe('creating a goods', () => {
  it('is found at once by its name in the buyer’s search, and its detail shows the SKUs, params and detail', async () => {
    const brand = await someBrand(dbOf(server));
    const res = await post('/ops/goods/create', {
      ...goodsBody({ name: '紫藤花园便携真空保温杯', categoryId: leaf.id, image: image.name, brandId: brand.id }),
      specs: [
        { name: '颜色', values: ['红', '蓝'] },
        { name: '容量', values: ['350ml', '500ml'] },
      ],
      skus: [
        { specs: { 颜色: '红', 容量: '350ml' }, price: 9900, marketPrice: 12900, stock: 20, code: 'ZT-R-350' },
        { specs: { 颜色: '红', 容量: '500ml' }, price: 11900, marketPrice: 15900, stock: 8 },
        { specs: { 颜色: '蓝', 容量: '350ml' }, price: 9900, marketPrice: 0, stock: 0 },
        { specs: { 颜色: '蓝', 容量: '500ml' }, price: 11900, marketPrice: 15900, stock: 3 },
      ],
    });
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('商品已创建');
    const id = res.data.goodsId as number;

    expect(await buyerSearch('紫藤花园便携真空保温杯')).toContain(id);
    expect(await buyerSearch('紫藤花园')).toContain(id);
    expect(await buyerSearch('真空保温杯')).toContain(id);
    expect(await buyerSearch(`${brand.name} 保温杯`)).toContain(id);

    const detail = await buyerDetail(id);
    expect(detail.code).toBe(0);
    expect(detail.data.name).toBe('紫藤花园便携真空保温杯');
    expect(detail.data.images).toEqual([image.url]);
    expect(detail.data.price).toBe(9900);
    expect(detail.data.stock).toBe(31);
    expect(detail.data.skus).toHaveLength(4);
    expect(detail.data.skus[0]).toMatchObject({
      code: 'ZT-R-350',
      specs: { 颜色: '红', 容量: '350ml' },
      price: 9900,
      stock: 20,
    });
    // in the operator's order, though a SKU's specs are a jsonb object that keeps none
    expect(detail.data.specs).toEqual([
      { name: '颜色', values: ['红', '蓝'] },
      { name: '容量', values: ['350ml', '500ml'] },
    ]);
    expect(detail.data.params).toEqual([{ name: '产地', value: '浙江杭州' }]);
    expect(detail.data.detail[3]).toEqual({ type: 'image', src: image.url, alt: '细节' });
    expect(detail.data.brand.name).toBe(brand.name);

    // the uploaded picture is served where the buyer's page shows it
    const picture = await fetch(`${server.url}${image.url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');

    // the opening stock is in the inventory ledger, one row per SKU with stock
    const ledger = await rows<{ change: number; kind: string; reason: string }>(
      dbOf(server),
      sql`SELECT change, kind, reason FROM stock_ledger WHERE goods_id = ${id} ORDER BY sku_id`,
    );
    expect(ledger.map((l) => l.change)).toEqual([20, 8, 3]);
    expect(ledger.every((l) => l.kind === 'adjustment' && l.reason === '新建商品')).toBe(true);

    // the audit log has what was created
    const audit = await get('/ops/audit/page', { objectType: 'goods', objectId: String(id) });
    const entry = audit.data.list.find((e: { action: string }) => e.action === 'goods.create');
    expect(entry.operatorName).toBeTruthy();
    const fields = Object.fromEntries(entry.changes.map((c: { field: string; after: unknown }) => [c.field, c.after]));
    expect(fields.goodsName).toBe('紫藤花园便携真空保温杯');
    expect(fields.skus).toHaveLength(4);
    expect(fields.skus[0]).toMatchObject({ spec: '红 / 350ml', price: 9900, stock: 20, skuNo: 'ZT-R-350' });
  });

  it('answers the goods for editing, with a code made for SKUs without one', async () => {
    const id = await create();
    const res = await get('/ops/goods/detail', { goodsId: id });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id, categoryId: leaf.id, onShelf: true, images: [image.url], stock: 25 });
    expect(res.data.categoryPath.at(-1)).toEqual({ id: leaf.id, name: leaf.name });
    expect(res.data.specs).toEqual([{ name: '颜色', values: ['红', '蓝'] }]);
    expect(res.data.skus.map((s: { code: string }) => s.code).every((c: string) => /^SK[0-9A-F]{10}$/.test(c))).toBe(
      true,
    );
    expect((await get('/ops/goods/detail', { goodsId: 999_999_999 })).code).toBe(Code.GOODS_NOT_FOUND);
    for (const goodsId of ['', 'abc', '-1', '1.5', '1 OR 1=1', '99999999999']) {
      const bad = await get('/ops/goods/detail', { goodsId });
      expect(bad.code, goodsId).toBe(Code.BAD_REQUEST);
      expect(bad.message).toMatch(/商品编号/);
    }
  });

  it('goes off shelf by default when not asked otherwise', async () => {
    const body = goodsBody({ name: '默认下架测试杯', categoryId: leaf.id, image: image.url });
    const res = await post('/ops/goods/create', { ...body, onShelf: undefined });
    expect(res.code).toBe(0);
    expect((await buyerDetail(res.data.goodsId)).code).toBe(Code.GOODS_OFF_SHELF);
  });

  it('keeps injection-shaped and unicode names as text', async () => {
    for (const name of [
      `'); DROP TABLE goods; --`,
      '<img src=x onerror=alert(1)>',
      '👜 手提包 ✨ العربية',
      '１２８Ｇ全角名称',
    ]) {
      const id = await create({}, name);
      const detail = await buyerDetail(id);
      expect(detail.data.name).toBe(name);
    }
    expect(await count(dbOf(server), 'goods')).toBeGreaterThan(30);
  });
});

describe('bad input to create changes nothing', () => {
  const base = () => goodsBody({ name: '坏输入测试商品', categoryId: leaf.id, image: image.url });
  const sku = (o: Record<string, unknown>) => ({ ...base(), skus: [{ ...base().skus[0], ...o }, base().skus[1]] });
  const cases: [string, () => unknown, RegExp][] = [
    ['missing body', () => undefined, /请求参数格式不正确|请填写商品名称/],
    ['no name', () => ({ ...base(), name: '' }), /请填写商品名称/],
    ['long name', () => ({ ...base(), name: '长'.repeat(101) }), /商品名称不能超过 100 个字符/],
    ['name with a line break', () => ({ ...base(), name: '第一行\n第二行' }), /商品名称不能包含换行/],
    ['NUL in name', () => ({ ...base(), name: 'a\u0000b' }), /商品名称/],
    ['name as number', () => ({ ...base(), name: 12345 }), /商品名称格式不正确/],
    ['negative price', () => sku({ price: -1 }), /SKU 第 1 行：售价不能为负数/],
    ['zero price', () => sku({ price: 0 }), /SKU 第 1 行：售价必须大于 0/],
    ['huge price', () => sku({ price: 3_000_000_000 }), /SKU 第 1 行：售价不能超过/],
    ['price over the cap', () => sku({ price: 100_000_001 }), /售价不能超过 ¥1000000.00/],
    ['fractional price', () => sku({ price: 99.5 }), /售价必须是整数/],
    ['price as text', () => sku({ price: 'abc' }), /售价必须是整数/],
    ['price as array', () => sku({ price: [1] }), /售价必须是整数/],
    ['negative stock', () => sku({ stock: -5 }), /SKU 第 1 行：库存不能为负数/],
    ['huge stock', () => sku({ stock: 2_147_483_648 }), /库存不能超过/],
    ['fractional stock', () => sku({ stock: 1.5 }), /库存必须是整数/],
    ['no stock', () => sku({ stock: undefined }), /SKU 第 1 行：请填写库存/],
    ['negative market price', () => sku({ marketPrice: -1 }), /市场价不能为负数/],
    ['market price under price', () => sku({ marketPrice: 100 }), /市场价不能低于售价/],
    ['bad code', () => sku({ code: 'a b;--' }), /SKU 编码只能包含/],
    ['no SKU', () => ({ ...base(), skus: [] }), /请至少添加 1 个 SKU/],
    ['SKUs missing', () => ({ ...base(), skus: undefined }), /请至少添加 1 个 SKU/],
    ['201 SKUs', () => ({ ...base(), skus: Array.from({ length: 201 }, () => base().skus[0]) }), /SKU 最多 200 个/],
    [
      'duplicate spec values',
      () => ({ ...base(), specs: [{ name: '颜色', values: ['红', '蓝', '红'] }] }),
      /规格「颜色」的规格值「红」重复/,
    ],
    ['duplicate spec values by width', () => ({ ...base(), specs: [{ name: '尺码', values: ['M', 'Ｍ'] }] }), /重复/],
    [
      'duplicate spec names',
      () => ({
        ...base(),
        specs: [
          { name: '颜色', values: ['红'] },
          { name: '颜色', values: ['蓝'] },
        ],
      }),
      /规格名「颜色」重复/,
    ],
    [
      'four spec dimensions',
      () => ({ ...base(), specs: ['a', 'b', 'c', 'd'].map((n) => ({ name: n, values: ['1'] })) }),
      /规格最多 3 种/,
    ],
    ['SKU with an unknown value', () => sku({ specs: { 颜色: '绿' } }), /SKU 第 1 行：规格「颜色」没有规格值「绿」/],
    ['SKU missing a dimension', () => sku({ specs: {} }), /SKU 第 1 行：请为每个规格/],
    [
      'same combination twice',
      () => ({ ...base(), skus: [base().skus[0], base().skus[0]] }),
      /SKU 第 2 行：规格组合「红」重复/,
    ],
    [
      'same code twice',
      () => ({
        ...base(),
        skus: [
          { ...base().skus[0], code: 'X1' },
          { ...base().skus[1], code: 'x1' },
        ],
      }),
      /SKU 编码「x1」重复/,
    ],
    [
      'two SKUs without specs',
      () => ({
        ...base(),
        specs: [],
        skus: [
          { ...base().skus[0], specs: {} },
          { ...base().skus[1], specs: {} },
        ],
      }),
      /没有规格时只能有 1 个 SKU/,
    ],
    ['unknown category', () => ({ ...base(), categoryId: 999_999 }), /分类不存在/],
    ['category as text', () => ({ ...base(), categoryId: 'phones' }), /分类必须是整数/],
    ['unknown brand', () => ({ ...base(), brandId: 999_999 }), /品牌不存在/],
    ['no image', () => ({ ...base(), images: [] }), /请至少上传 1 张商品图片/],
    ['eleven images', () => ({ ...base(), images: Array.from({ length: 11 }, () => image.url) }), /商品图片最多 10 张/],
    ['same image twice', () => ({ ...base(), images: [image.url, image.url] }), /商品图片重复/],
    [
      'image never uploaded',
      () => ({ ...base(), images: ['0123456789abcdef0123456789abcdef.png'] }),
      /第 1 张商品图片不存在或已失效/,
    ],
    ['image path traversal', () => ({ ...base(), images: ['../../../etc/passwd'] }), /商品图片不存在或已失效/],
    ['image elsewhere', () => ({ ...base(), images: ['https://evil.example/x.png'] }), /商品图片不存在或已失效/],
    ['image with quotes', () => ({ ...base(), images: ['x" onerror="alert(1)'] }), /商品图片地址不正确/],
    [
      'detail block of an unknown type',
      () => ({ ...base(), detail: [{ type: 'html', text: '<script>' }] }),
      /详情段落的类型只能是/,
    ],
    [
      'detail image not uploaded',
      () => ({ ...base(), detail: [{ type: 'image', src: '/static/goods/1-1.svg' }] }),
      /详情第 1 段的图片不存在或已失效/,
    ],
    [
      'empty list in detail',
      () => ({ ...base(), detail: [{ type: 'list', items: [] }] }),
      /详情第 1 段：列表至少要有 1 项/,
    ],
    [
      'duplicate param',
      () => ({
        ...base(),
        params: [
          { name: '产地', value: 'a' },
          { name: '产地', value: 'b' },
        ],
      }),
      /参数「产地」重复/,
    ],
    ['param without value', () => ({ ...base(), params: [{ name: '产地', value: '' }] }), /参数第 1 项：请填写参数值/],
    ['cross-border as text', () => ({ ...base(), isCrossBorder: 'maybe' }), /跨境商品格式不正确/],
  ];

  it.each(cases)('%s', async (_label, body, message) => {
    const db = dbOf(server);
    const [goods, skus] = [await count(db, 'goods'), await count(db, 'skus')];
    const res = await post('/ops/goods/create', body());
    expect(res.code, res.message).toBe(Code.BAD_REQUEST);
    expect(res.message).toMatch(message);
    expect(await count(db, 'goods')).toBe(goods);
    expect(await count(db, 'skus')).toBe(skus);
  });

  it('refuses a non-leaf category and a SKU code another goods uses', async () => {
    const [parent] = await rows<{ id: number }>(
      dbOf(server),
      sql`SELECT id FROM categories WHERE level = 1 ORDER BY id LIMIT 1`,
    );
    const res = await post('/ops/goods/create', { ...base(), categoryId: parent!.id });
    expect(res.message).toMatch(/请选择最末级分类/);
    const [taken] = await rows<{ code: string }>(dbOf(server), sql`SELECT code FROM skus ORDER BY id LIMIT 1`);
    const dup = await post('/ops/goods/create', sku({ code: taken!.code }));
    expect(dup.code).toBe(Code.BAD_REQUEST);
    expect(dup.message).toBe(`SKU 编码「${taken!.code}」已被其他商品使用`);
  });
});

describe('changing a goods', () => {
  it('renames, reprices, drops and adds SKUs; the buyer sees it at once and search follows the name', async () => {
    const id = await create({}, '青柠檬气泡水旧名字');
    expect(await buyerSearch('青柠檬气泡水旧名字')).toContain(id);
    const before = (await get('/ops/goods/detail', { goodsId: id })).data;
    const [red, blue] = before.skus as { id: number; code: string; stock: number }[];

    const res = await post('/ops/goods/update', {
      goodsId: id,
      name: '海盐荔枝苏打水',
      subtitle: '新的副标题',
      categoryId: leaf.id,
      brandId: null,
      images: [before.images[0]],
      params: [],
      detail: [{ type: 'text', text: '只剩一段。' }],
      isCrossBorder: true,
      specs: [{ name: '颜色', values: ['红', '绿'] }],
      skus: [
        { id: red!.id, specs: { 颜色: '红' }, price: 8800, marketPrice: 9900, code: red!.code },
        { specs: { 颜色: '绿' }, price: 7700, marketPrice: 0, stock: 9, code: 'LIME-GREEN' },
      ],
    });
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('商品已保存');

    const detail = (await buyerDetail(id)).data;
    expect(detail.name).toBe('海盐荔枝苏打水');
    expect(detail.isCrossBorder).toBe(true);
    expect(detail.price).toBe(7700);
    expect(detail.skus.map((s: { id: number; stock: number }) => [s.id, s.stock])).toEqual([
      [red!.id, red!.stock],
      [expect.any(Number), 9],
    ]);
    expect(detail.skus.some((s: { id: number }) => s.id === blue!.id)).toBe(false);
    expect(detail.detail).toEqual([{ type: 'text', text: '只剩一段。' }]);
    expect(await buyerSearch('海盐荔枝苏打水')).toContain(id);
    expect(await buyerSearch('青柠檬气泡水旧名字')).not.toContain(id);

    const audit = await get('/ops/audit/page', { objectType: 'goods', objectId: String(id), action: 'goods.update' });
    const changes = audit.data.list[0].changes as { field: string; before: unknown; after: unknown }[];
    expect(changes.find((c) => c.field === 'goodsName')).toEqual({
      field: 'goodsName',
      before: '青柠檬气泡水旧名字',
      after: '海盐荔枝苏打水',
    });
    expect(changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['subtitle', 'params', 'content', 'isCrossBorder', 'skus']),
    );
    expect(changes.map((c) => c.field)).not.toContain('images');
  });

  it('leaves an existing SKU’s stock to 库存, refuses SKUs of another goods, and an unknown goods', async () => {
    const id = await create();
    const other = await create();
    const d = (await get('/ops/goods/detail', { goodsId: id })).data;
    const otherSku = (await get('/ops/goods/detail', { goodsId: other })).data.skus[0];
    const body = (skus: unknown[]) => ({
      ...goodsBody({ name: d.name, categoryId: leaf.id, image: d.images[0] }),
      goodsId: id,
      skus,
    });
    const keep = d.skus.map((s: { id: number; specs: unknown; price: number }) => ({
      id: s.id,
      specs: s.specs,
      price: s.price,
    }));

    const stock = await post('/ops/goods/update', body([{ ...keep[0], stock: 999 }, keep[1]]));
    expect(stock.message).toBe('SKU 第 1 行：已有 SKU 的库存请在库存管理中调整（需填写原因）');
    const same = await post('/ops/goods/update', body([{ ...keep[0], stock: d.skus[0].stock }, keep[1]]));
    expect(same.code, same.message).toBe(0);
    const foreign = await post('/ops/goods/update', body([{ ...keep[0], id: otherSku.id }, keep[1]]));
    expect(foreign.message).toBe('SKU 第 1 行：SKU 不属于该商品，请刷新后重试');
    const twice = await post('/ops/goods/update', body([keep[0], { ...keep[1], id: keep[0].id }]));
    expect(twice.message).toMatch(/SKU 不属于该商品/);
    const missing = await post('/ops/goods/update', { ...body(keep), goodsId: 999_999_999 });
    expect(missing.code).toBe(Code.GOODS_NOT_FOUND);
    const after = (await get('/ops/goods/detail', { goodsId: id })).data;
    expect(after.skus.map((s: { stock: number }) => s.stock)).toEqual(d.skus.map((s: { stock: number }) => s.stock));
  });

  it('swaps two SKU codes of one goods', async () => {
    const id = await create();
    const d = (await get('/ops/goods/detail', { goodsId: id })).data;
    const [a, b] = d.skus as { id: number; code: string; specs: unknown; price: number }[];
    const res = await post('/ops/goods/update', {
      ...goodsBody({ name: d.name, categoryId: leaf.id, image: d.images[0] }),
      goodsId: id,
      skus: [
        { id: a!.id, specs: a!.specs, price: a!.price, code: b!.code },
        { id: b!.id, specs: b!.specs, price: b!.price, code: a!.code },
      ],
    });
    expect(res.code, res.message).toBe(0);
    const after = (await get('/ops/goods/detail', { goodsId: id })).data.skus;
    expect(after.map((s: { code: string }) => s.code)).toEqual([b!.code, a!.code]);
  });
});

describe('shelf', () => {
  it('takes goods off shelf in a batch: the buyer’s detail answers 商品已下架 and search leaves them out', async () => {
    const a = await create({}, '批量下架测试甲款水杯');
    const b = await create({}, '批量下架测试乙款水杯');
    const off = await post('/ops/goods/shelfBatch', { goodsIds: [a, b], onShelf: false });
    expect(off.code).toBe(0);
    expect(off.message).toBe('已下架 2 件商品');
    for (const id of [a, b]) {
      const d = await buyerDetail(id);
      expect(d.code).toBe(Code.GOODS_OFF_SHELF);
      expect(d.message).toBe('商品已下架');
    }
    expect(await buyerSearch('批量下架测试')).not.toContain(a);

    const again = await post('/ops/goods/shelfBatch', { goodsIds: [a, b, a], onShelf: false });
    expect(again.message).toBe('已下架 0 件商品，2 件原已下架');
    const on = await post('/ops/goods/shelfBatch', { goodsIds: [a], onShelf: true });
    expect(on.message).toBe('已上架 1 件商品');
    expect((await buyerDetail(a)).code).toBe(0);
    expect(await buyerSearch('批量下架测试甲款水杯')).toContain(a);

    const audit = await get('/ops/audit/page', { objectType: 'goods', objectId: String(b), action: 'goods.offShelf' });
    expect(audit.data.list[0].changes).toEqual([{ field: 'onShelf', before: true, after: false }]);
  });

  it('refuses the whole batch when one goods does not exist, and bad input', async () => {
    const a = await create();
    const res = await post('/ops/goods/shelfBatch', { goodsIds: [a, 999_999_999], onShelf: false });
    expect(res.code).toBe(Code.GOODS_NOT_FOUND);
    expect(res.message).toBe('商品不存在：999999999');
    expect((await buyerDetail(a)).code).toBe(0);
    for (const [body, message] of [
      [{}, /请选择商品/],
      [{ goodsIds: [], onShelf: false }, /请选择商品/],
      [{ goodsIds: [a] }, /上架状态/],
      [{ goodsIds: [a], onShelf: 'yes' }, /上架状态格式不正确/],
      [{ goodsIds: a, onShelf: false }, /商品编号格式不正确/],
      [{ goodsIds: [-1], onShelf: false }, /第 1 个商品：商品编号不能小于 1/],
      [{ goodsIds: ['1; DROP TABLE goods'], onShelf: false }, /商品编号必须是整数/],
      [{ goodsIds: Array.from({ length: 101 }, (_, i) => i + 1), onShelf: false }, /一次最多操作 100 件商品/],
    ] as [unknown, RegExp][]) {
      const bad = await post('/ops/goods/shelfBatch', body);
      expect(bad.code, JSON.stringify(body)).toBe(Code.BAD_REQUEST);
      expect(bad.message).toMatch(message);
    }
    expect((await buyerDetail(a)).code).toBe(0);
  });

  it('two operators taking the same goods off shelf at once: it changes once, and is audited once', async () => {
    const a = await create();
    const b = await create();
    const replies = await Promise.all(
      [1, 2, 3].map(() => post('/ops/goods/shelfBatch', { goodsIds: [a, b], onShelf: false })),
    );
    expect(replies.every((r) => r.code === 0)).toBe(true);
    expect(replies.reduce((n, r) => n + r.data.changed.length, 0)).toBe(2);
    for (const id of [a, b]) {
      const audit = await get('/ops/audit/page', {
        objectType: 'goods',
        objectId: String(id),
        action: 'goods.offShelf',
      });
      expect(audit.data.total).toBe(1);
    }
  });

  it('one goods on and off shelf, audited', async () => {
    const a = await create();
    expect((await post('/ops/goods/shelf', { goodsId: a, onShelf: false })).message).toBe('商品已下架');
    expect((await buyerDetail(a)).code).toBe(Code.GOODS_OFF_SHELF);
    const audit = await get('/ops/audit/page', { objectType: 'goods', objectId: String(a), action: 'goods.offShelf' });
    expect(audit.data.list[0].changes).toEqual([{ field: 'onShelf', before: true, after: false }]);
  });
});

describe('the goods list', () => {
  it('filters by keyword, category, brand, shelf and stock, and pages on the server', async () => {
    const db = dbOf(server);
    const brand = await someBrand(db, 3);
    const soldOut = await create(
      { skus: [{ specs: { 颜色: '红' }, price: 100, stock: 0 }], specs: [{ name: '颜色', values: ['红'] }] },
      '列表测试售罄款',
    );
    const low = await create({ brandId: brand.id }, '列表测试低库存款');
    const page = async (q: Record<string, string | number>) => (await get('/ops/goods/page', q)).data;

    const byName = await page({ keyword: '列表测试' });
    expect(byName.list.map((g: { id: number }) => g.id).sort()).toEqual([soldOut, low].sort());
    const row = byName.list.find((g: { id: number }) => g.id === low);
    expect(row).toMatchObject({
      priceMin: 9900,
      priceMax: 10900,
      stock: 25,
      minSkuStock: 5,
      stockState: 'low',
      skuCount: 2,
      onShelf: true,
      brandName: brand.name,
      image: image.url,
    });
    expect(row.categoryPath.at(-1)).toBe(leaf.name);
    expect(byName.list.find((g: { id: number }) => g.id === soldOut).stockState).toBe('soldOut');

    expect((await page({ keyword: String(low) })).list.map((g: { id: number }) => g.id)).toContain(low);
    expect((await page({ stock: 'soldOut', keyword: '列表测试' })).list.map((g: { id: number }) => g.id)).toEqual([
      soldOut,
    ]);
    expect((await page({ stock: 'low', keyword: '列表测试' })).list.map((g: { id: number }) => g.id)).toEqual([low]);
    expect((await page({ stock: 'inStock', keyword: '列表测试' })).list.map((g: { id: number }) => g.id)).toEqual([
      low,
    ]);
    expect((await page({ brandId: brand.id, keyword: '列表测试' })).total).toBe(1);
    expect((await page({ categoryId: leaf.id })).total).toBeGreaterThanOrEqual(2);
    await post('/ops/goods/shelf', { goodsId: soldOut, onShelf: false });
    expect((await page({ shelf: 'off', keyword: '列表测试' })).list.map((g: { id: number }) => g.id)).toEqual([
      soldOut,
    ]);
    expect((await page({ shelf: 'on', keyword: '列表测试' })).list.map((g: { id: number }) => g.id)).toEqual([low]);
    expect((await page({ keyword: '100%_不存在' })).total).toBe(0);

    const all = await page({ pageSize: 7 });
    expect(all.list).toHaveLength(7);
    expect(all.total).toBe(await count(db, 'goods'));
    const second = await page({ pageSize: 7, pageNum: 2 });
    expect(second.list[0].id).toBeLessThan(all.list[6].id);
    const cheap = await page({ sort: 'priceAsc', pageSize: 3 });
    expect(cheap.list[0].priceMin).toBeLessThanOrEqual(cheap.list[1].priceMin);

    for (const [q, message] of [
      [{ pageSize: 51 }, /每页条数不能大于 50/],
      [{ pageNum: 0 }, /页码不能小于 1/],
      [{ stock: 'some' }, /库存状态取值不正确/],
      [{ shelf: 'maybe' }, /上架状态取值不正确/],
      [{ sort: 'name; DROP TABLE goods' }, /排序方式取值不正确/],
      [{ categoryId: 'x' }, /分类必须是整数/],
      [{ brandId: 3_000_000_000 }, /品牌不能大于/],
      [{ keyword: 'k'.repeat(51) }, /关键词不能超过 50 个字符/],
    ] as [Record<string, string | number>, RegExp][]) {
      const bad = await get('/ops/goods/page', q);
      expect(bad.code, JSON.stringify(q)).toBe(Code.BAD_REQUEST);
      expect(bad.message).toMatch(message);
    }
  });
});

describe('uploading a goods picture', () => {
  it('takes JPEG, PNG and WebP by their bytes and refuses anything else or over 5 MB', async () => {
    const png = await uploadImage(server, OPS_TOKEN, PNG, 'photo.gif', 'image/gif');
    expect(png.code).toBe(0);
    expect(png.data.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(png.data.url).toBe(`/static/uploads/goods/${png.data.name}`);

    const gif = await uploadImage(server, OPS_TOKEN, GIF, 'a.png', 'image/png');
    expect(gif.code).toBe(Code.UPLOAD_INVALID);
    expect(gif.message).toBe('只能上传 JPG、PNG 或 WebP 图片');
    const text = await uploadImage(server, OPS_TOKEN, Buffer.from('<svg onload=alert(1)>'), 'a.png', 'image/png');
    expect(text.message).toBe('只能上传 JPG、PNG 或 WebP 图片');
    const big = await uploadImage(server, OPS_TOKEN, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.code).toBe(Code.UPLOAD_INVALID);
    expect(big.message).toBe('图片不能超过 5MB');
    const empty = await uploadImage(server, OPS_TOKEN, Buffer.alloc(0));
    expect(empty.code).toBe(Code.UPLOAD_INVALID);
    const notMultipart = await post('/ops/goods/image', { file: 'x' });
    expect(notMultipart.message).toBe('请选择要上传的图片');

    for (const name of ['..%2F..%2Fsecrets.json', '0123456789abcdef0123456789abcdef.png', 'x.svg']) {
      expect((await fetch(`${server.url}/static/uploads/goods/${name}`)).status).toBe(404);
    }
  });
});
