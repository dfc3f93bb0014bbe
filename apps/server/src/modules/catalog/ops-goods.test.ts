import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { startTestServer, type TestServer, buyNow, buyer, dbOf, makeGoods, stockOf } from '../../test/kit/index.ts';

const OPS_TOKEN = 'goods-ops-token-0123456789abcdefgh';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server.close());

const shelf = (json: unknown, token = OPS_TOKEN) =>
  server.api.post('/ops/goods/shelf', { json, headers: { 'x-ops-token': token } });
const detail = (goodsId: number) => server.api.get(`/member/goods/goods/detail/${goodsId}`);

describe('operator puts goods off and on shelf', () => {
  it('off shelf: the detail answers 107301 and nobody can buy it; back on: buyable and found by search', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { name: '紫藤测试保温杯', stock: 5 });
    const b = await buyer(server.api);

    const off = await shelf({ goodsId: g.goodsId, onShelf: false });
    expect(off.code).toBe(0);
    expect(off.message).toBe('商品已下架');
    expect((await detail(g.goodsId)).code).toBe(Code.GOODS_OFF_SHELF);
    expect((await buyNow(server.api, b, g.skuId)).code).not.toBe(0);
    expect(await stockOf(db, g.skuId)).toBe(5);

    expect((await shelf({ goodsId: g.goodsId, onShelf: true })).message).toBe('商品已上架');
    expect((await detail(g.goodsId)).code).toBe(0);
    expect((await buyNow(server.api, b, g.skuId)).code).toBe(0);
    expect(await stockOf(db, g.skuId)).toBe(4);
    const found = await server.api.post('/member/search/goods/search', { json: { keyword: '紫藤测试保温杯' } });
    expect(found.data.list.map((x: { id: number }) => x.id)).toContain(g.goodsId);
  });

  it('refuses without the token and answers bad input in Chinese, changing nothing', async () => {
    const g = await makeGoods(dbOf(server));
    expect((await shelf({ goodsId: g.goodsId, onShelf: false }, 'wrong')).code).toBe(Code.FORBIDDEN);
    expect((await shelf({ goodsId: 999_999_998, onShelf: false })).message).toBe('商品不存在');
    for (const body of [
      {},
      { goodsId: g.goodsId },
      { goodsId: -1, onShelf: false },
      { goodsId: 1.5, onShelf: false },
      { goodsId: '1 OR 1=1', onShelf: false },
      { goodsId: g.goodsId, onShelf: 'maybe' },
      { goodsId: [g.goodsId], onShelf: false },
    ]) {
      const res = await shelf(body);
      expect(res.code).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await detail(g.goodsId)).code).toBe(0);
  });
});
