/**
 * A store's goods over HTTP: 本店商品 through the catalog's one goods service scoped to
 * the store, each save sent to 商品审核 off shelf, the shelf refused until approved (for the store
 * and for the operators), approve/reject once however many clicks, another store's goods never
 * reachable, the store's name on the console's list, the buyer's goods page and search cards, and
 * bad input refused in Chinese with nothing changed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import {
  bearer,
  consoleCalls,
  makeGoods,
  opsGoodsBody,
  PNG,
  someLeaf,
  startOpsCatalogServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { makeStore, storeToken, type TestStore } from './ops-store.fixtures.ts';

const OPS_TOKEN = 'ops-token-for-store-goods-tests-0123456789';
let env: Awaited<ReturnType<typeof startOpsCatalogServer>>;
let server: TestServer;
let ops: ReturnType<typeof consoleCalls>;
let storeA: TestStore;
let storeB: TestStore;
let tokenA: string;
let tokenB: string;
let leafId: number;
let image: string;

beforeAll(async () => {
  env = await startOpsCatalogServer(OPS_TOKEN, 10);
  server = env.server;
  ops = consoleCalls(server, OPS_TOKEN);
  storeA = await makeStore(server, '山野茶舍');
  storeB = await makeStore(server, '海边渔铺');
  tokenA = await storeToken(server, storeA);
  tokenB = await storeToken(server, storeB);
  leafId = (await someLeaf(server.running.app.ctx.db)).id;
  image = (await uploadAs(tokenA)).data.name;
});
afterAll(() => env?.close());

const db = () => server.running.app.ctx.db;
const get = (token: string, path: string, query: Record<string, string | number> = {}) =>
  server.api.get(path, { ...bearer(token), query });
const post = (token: string, path: string, json: unknown) => server.api.post(path, { ...bearer(token), json });

async function uploadAs(token: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${server.url}/ops/store/goods/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await res.json()) as { code: number; message: string; data: { name: string; url: string } };
}

async function goodsRow(id: number) {
  const [row] = await rows<{ on_shelf: boolean; review_status: string; review_reason: string | null; supplier_id: string | null }>(
    db(),
    sql`SELECT on_shelf, review_status, review_reason, supplier_id FROM goods WHERE id = ${id}`,
  );
  return row;
}

async function newStoreGoods(token: string, name: string): Promise<number> {
  const res = await post(token, '/ops/store/goods/save', opsGoodsBody({ name, categoryId: leafId, image, onShelf: true }));
  expect(res.code, res.message).toBe(0);
  return res.data.id as number;
}

describe('本店商品', () => {
  it('saves a new goods as the store’s, waiting for review off shelf, and lists only the store’s own', async () => {
    const res = await post(tokenA, '/ops/store/goods/save', opsGoodsBody({ name: '明前龙井 250g', categoryId: leafId, image, onShelf: true }));
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('已保存，等待平台审核');
    expect(res.data).toMatchObject({
      name: '明前龙井 250g',
      onShelf: false,
      reviewStatus: 'PENDING',
      reviewStatusName: '待审核',
      reviewReason: null,
      store: { id: storeA.id, name: '山野茶舍' },
    });
    const id = res.data.id as number;
    expect(await goodsRow(id)).toMatchObject({ supplier_id: storeA.id, on_shelf: false, review_status: 'PENDING' });

    const pageA = await get(tokenA, '/ops/store/goods/page', { pageSize: 50 });
    expect(pageA.code).toBe(0);
    expect(pageA.data.list.map((g: { id: number }) => g.id)).toContain(id);
    expect(pageA.data.list.every((g: { store: { id: string } }) => g.store.id === storeA.id)).toBe(true);
    const pageB = await get(tokenB, '/ops/store/goods/page', { pageSize: 50 });
    expect(pageB.data.list.map((g: { id: number }) => g.id)).not.toContain(id);

    // The operators' list shows whose goods it is.
    const opsPage = await ops.get('/ops/goods/page', { keyword: '明前龙井', pageSize: 50 });
    expect(opsPage.data.list.find((g: { id: number }) => g.id === id)).toMatchObject({
      storeName: '山野茶舍',
      reviewStatus: 'PENDING',
    });
    const opsDetail = await ops.get('/ops/goods/detail', { goodsId: id });
    expect(opsDetail.data.store).toEqual({ id: storeA.id, name: '山野茶舍' });
  });

  it('never lets another store read or change a goods (its id, or the shop’s own, reads as 商品不存在)', async () => {
    const id = await newStoreGoods(tokenA, '高山乌龙');
    const shopGoods = await makeGoods(db(), { name: '平台自营保温杯' });
    for (const goodsId of [id, shopGoods.goodsId, 99_999_999]) {
      const detail = await get(tokenB, '/ops/store/goods/detail', { id: goodsId });
      expect(detail).toMatchObject({ code: Code.GOODS_NOT_FOUND, message: '商品不存在' });
      const shelf = await post(tokenB, '/ops/store/goods/shelf', { goodsId, onShelf: false });
      expect(shelf).toMatchObject({ code: Code.GOODS_NOT_FOUND, message: '商品不存在' });
      const body = { ...opsGoodsBody({ name: '偷改', categoryId: leafId, image }), goodsId };
      const save = await post(tokenB, '/ops/store/goods/save', body);
      expect(save).toMatchObject({ code: Code.GOODS_NOT_FOUND, message: '商品不存在' });
    }
    expect(await goodsRow(id)).toMatchObject({ supplier_id: storeA.id, review_status: 'PENDING' });
    const [row] = await rows<{ name: string }>(db(), sql`SELECT name FROM goods WHERE id = ${shopGoods.goodsId}`);
    expect(row!.name).toBe('平台自营保温杯');
    expect((await get(tokenA, '/ops/store/goods/detail', { id })).data.name).toBe('高山乌龙');
  });

  it('refuses the shelf until approved, for the store and for the operators', async () => {
    const id = await newStoreGoods(tokenA, '白毫银针');
    const mine = await post(tokenA, '/ops/store/goods/shelf', { goodsId: id, onShelf: true });
    expect(mine).toMatchObject({ code: Code.GOODS_NOT_REVIEWED, message: '商品审核通过后才能上架' });
    const byOps = await ops.post('/ops/goods/shelf', { goodsId: id, onShelf: true });
    expect(byOps).toMatchObject({ code: Code.GOODS_NOT_REVIEWED, message: '该商品尚未通过审核' });
    const batch = await ops.post('/ops/goods/shelfBatch', { goodsIds: [id], onShelf: true });
    expect(batch.code).toBe(Code.GOODS_NOT_REVIEWED);
    expect(await goodsRow(id)).toMatchObject({ on_shelf: false });
    expect((await server.api.get(`/member/goods/goods/detail/${id}`)).code).toBe(Code.GOODS_OFF_SHELF);
  });
});

describe('商品审核', () => {
  it('lists pending store goods with store and price; a double approve approves once and puts it on shelf', async () => {
    const id = await newStoreGoods(tokenA, '正山小种');
    const page = await ops.get('/ops/goods/review/page', { keyword: '正山小种' });
    expect(page.code).toBe(0);
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0]).toMatchObject({
      id,
      storeName: '山野茶舍',
      priceMin: 9900,
      priceMax: 10900,
      reviewStatus: 'PENDING',
    });
    const results = await Promise.all([1, 2, 3].map(() => ops.post('/ops/goods/review/approve', { goodsId: id })));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 0)) {
      expect(r).toMatchObject({ code: Code.GOODS_REVIEW_STATE, message: '商品审核状态已变化，请刷新后重试' });
    }
    expect(await goodsRow(id)).toMatchObject({ on_shelf: true, review_status: 'APPROVED' });
    const [{ n }] = (await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM ops_audit_log WHERE action = 'goods.reviewApprove' AND object_id = ${String(id)}`,
    )) as [{ n: number }];
    expect(n).toBe(1);

    // The buyer sees the store on the goods page and on search cards.
    const detail = await server.api.get(`/member/goods/goods/detail/${id}`);
    expect(detail.code, detail.message).toBe(0);
    expect(detail.data.store).toEqual({ id: storeA.id, name: '山野茶舍' });
    const found = await server.api.post('/member/search/goods/search', { json: { goodsIds: [id], pageSize: 10 } });
    expect(found.data.list[0]).toMatchObject({ id, storeName: '山野茶舍' });
    const shop = await makeGoods(db(), { name: '平台自营茶杯' });
    const shopCard = await server.api.post('/member/search/goods/search', { json: { goodsIds: [shop.goodsId] } });
    expect(shopCard.data.list[0].storeName).toBeNull();
    expect((await server.api.get(`/member/goods/goods/detail/${shop.goodsId}`)).data.store).toBeNull();

    // Approved: the store may take it off and put it back on.
    expect((await post(tokenA, '/ops/store/goods/shelf', { goodsId: id, onShelf: false })).code).toBe(0);
    expect((await post(tokenA, '/ops/store/goods/shelf', { goodsId: id, onShelf: true })).code).toBe(0);

    // A change by the store goes back to review, off shelf, until approved again.
    const body = { ...opsGoodsBody({ name: '正山小种 特级', categoryId: leafId, image }), goodsId: id };
    const detailNow = await get(tokenA, '/ops/store/goods/detail', { id });
    body.skus = detailNow.data.skus.map((s: { id: number; specs: Record<string, string>; price: number; marketPrice: number }) => ({
      id: s.id,
      specs: s.specs,
      price: s.price,
      marketPrice: s.marketPrice,
    }));
    const edited = await post(tokenA, '/ops/store/goods/save', body);
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ name: '正山小种 特级', reviewStatus: 'PENDING', onShelf: false });
    expect((await server.api.get(`/member/goods/goods/detail/${id}`)).code).toBe(Code.GOODS_OFF_SHELF);
  });

  it('rejects with a reason the store reads, off shelf; deciding twice is refused', async () => {
    const id = await newStoreGoods(tokenA, '安吉白茶');
    const rejected = await ops.post('/ops/goods/review/reject', { goodsId: id, reason: '主图不清晰，请重新上传' });
    expect(rejected.code, rejected.message).toBe(0);
    expect(rejected.message).toBe('已驳回');
    const mine = await get(tokenA, '/ops/store/goods/detail', { id });
    expect(mine.data).toMatchObject({ reviewStatus: 'REJECTED', reviewReason: '主图不清晰，请重新上传', onShelf: false });
    expect((await ops.post('/ops/goods/review/approve', { goodsId: id })).code).toBe(Code.GOODS_REVIEW_STATE);
    expect((await ops.post('/ops/goods/review/reject', { goodsId: id, reason: '再驳' })).code).toBe(Code.GOODS_REVIEW_STATE);
    const rejectedList = await ops.get('/ops/goods/review/page', { status: 'REJECTED', keyword: '安吉白茶' });
    expect(rejectedList.data.list[0]).toMatchObject({ id, reviewReason: '主图不清晰，请重新上传' });
    // The shop's own goods are not in the queue and cannot be decided.
    const shop = await makeGoods(db(), { name: '平台自营茶壶' });
    expect((await ops.post('/ops/goods/review/approve', { goodsId: shop.goodsId })).code).toBe(Code.GOODS_REVIEW_STATE);
    expect((await ops.post('/ops/goods/review/approve', { goodsId: 99_999_999 })).code).toBe(Code.GOODS_NOT_FOUND);
  });
});

describe('bad input', () => {
  const ids = ['abc', -1, 0, 1.5, 1e20, '1 OR 1=1', '１２', null, true];

  it('refuses bad goods ids on every endpoint taking one, changing nothing', async () => {
    const id = await newStoreGoods(tokenA, '冻顶乌龙');
    for (const goodsId of [...ids, undefined]) {
      const where = `goodsId=${String(goodsId)}`;
      const approve = await ops.post('/ops/goods/review/approve', { goodsId });
      expect(approve.code, where).toBe(Code.BAD_REQUEST);
      expect(approve.message, where).toMatch(/商品编号/);
      expect((await ops.post('/ops/goods/review/reject', { goodsId, reason: '原因' })).code, where).toBe(Code.BAD_REQUEST);
      expect((await post(tokenA, '/ops/store/goods/shelf', { goodsId, onShelf: true })).code, where).toBe(Code.BAD_REQUEST);
      if (goodsId !== undefined && goodsId !== null && typeof goodsId !== 'boolean') {
        expect((await get(tokenA, '/ops/store/goods/detail', { id: goodsId as string | number })).code, where).toBe(Code.BAD_REQUEST);
      }
    }
    expect(await goodsRow(id)).toMatchObject({ review_status: 'PENDING', on_shelf: false });
  });

  it('refuses a missing, oversized or control-character reason', async () => {
    const id = await newStoreGoods(tokenA, '铁观音');
    const cases: [unknown, RegExp][] = [
      [undefined, /请填写驳回原因/],
      ['', /请填写驳回原因/],
      ['   ', /请填写驳回原因/],
      [123, /驳回原因格式不正确/],
      ['长'.repeat(201), /驳回原因不能超过 200/],
      ['含\u0007控制符', /驳回原因含有不允许的字符/],
      ['含\u0000', /不允许的字符/],
    ];
    for (const [reason, message] of cases) {
      const res = await ops.post('/ops/goods/review/reject', { goodsId: id, reason });
      expect(res.code, String(reason)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    const injection = await ops.post('/ops/goods/review/reject', { goodsId: id, reason: "'; DROP TABLE goods; --" });
    expect(injection.code).toBe(0);
    expect(await goodsRow(id)).toMatchObject({ review_status: 'REJECTED', review_reason: "'; DROP TABLE goods; --" });
  });

  it('refuses bad list queries in Chinese', async () => {
    const cases: [string, Record<string, string | number>, RegExp][] = [
      ['/ops/goods/review/page', { status: 'DONE' }, /审核状态/],
      ['/ops/goods/review/page', { pageSize: 51 }, /每页条数/],
      ['/ops/goods/review/page', { pageNum: -1 }, /页码/],
      ['/ops/goods/review/page', { keyword: '长'.repeat(51) }, /关键词不能超过/],
      ['/ops/store/goods/page', { pageSize: 0 }, /每页条数/],
      ['/ops/store/goods/page', { shelf: 'maybe' }, /上架状态/],
    ];
    for (const [path, query, message] of cases) {
      const token = path.startsWith('/ops/store') ? tokenA : undefined;
      const res = token ? await get(token, path, query) : await ops.get(path, query);
      expect(res.code, `${path} ${JSON.stringify(query)}`).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(message);
    }
    const unicode = await ops.get('/ops/goods/review/page', { keyword: "😀' OR '1'='1" });
    expect(unicode.code).toBe(0);
    expect(unicode.data.list).toHaveLength(0);
  });

  it('refuses a bad goods body and a bad upload, making nothing', async () => {
    const [{ n: before }] = (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM goods`)) as [{ n: number }];
    for (const body of [{}, { name: '' }, { ...opsGoodsBody({ name: 'x'.repeat(200), categoryId: leafId, image }) }]) {
      const res = await post(tokenA, '/ops/store/goods/save', body);
      expect(res.code).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('GIF89a-not-allowed'))], { type: 'image/gif' }), 'a.gif');
    const upload = await fetch(`${server.url}/ops/store/goods/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}` },
      body: form,
    });
    const uploaded = (await upload.json()) as { code: number; message: string };
    expect(uploaded.code).not.toBe(0);
    expect(uploaded.message).toMatch(/[\u4e00-\u9fa5]/);
    const [{ n: after }] = (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM goods`)) as [{ n: number }];
    expect(after).toBe(before);
  });
});
