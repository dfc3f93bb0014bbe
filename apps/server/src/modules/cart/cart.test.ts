import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import {
  smsSignIn,
  startTestServer,
  type TestServer,
  dbOf,
  makeGoods,
  setOnShelf,
  setPrice,
  setStock,
} from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const add = (token: string, json: unknown) => server.api.post('/member/trade/cart/add', { token, json });
const cart = async (token: string) => (await server.api.get('/member/trade/cart/list', { token })).data;

describe('cart', () => {
  test('add merges, quantities, selection, count, states and removal', async () => {
    const db = dbOf(server);
    const { accessToken: token } = await smsSignIn(server.api);
    const a = await makeGoods(db, { name: '无线蓝牙耳机', priceFen: 19900, stock: 10 });
    const b = await makeGoods(db, { name: '保温杯', priceFen: 5900, stock: 3 });

    const first = await add(token, { skuId: a.skuId, quantity: 2 });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ count: 2, lines: 1 });
    const merged = await add(token, { skuId: a.skuId, quantity: 3 });
    expect(merged.data.id).toBe(first.data.id);
    expect(merged.data).toMatchObject({ count: 5, lines: 1 });
    await add(token, { skuId: b.skuId }); // quantity defaults to 1

    let c = await cart(token);
    expect(c.lines).toHaveLength(2);
    const lineA = c.lines.find((l: any) => l.skuId === a.skuId);
    expect(lineA).toMatchObject({
      goodsName: '无线蓝牙耳机',
      quantity: 5,
      price: 19900,
      priceAtAdd: 19900,
      state: 'NORMAL',
      stateText: '正常',
      specText: '颜色：黑色',
      maxQuantity: 10,
    });
    expect(c.summary).toMatchObject({
      totalQuantity: 6,
      selectedQuantity: 6,
      selectedAmount: 5 * 19900 + 5900,
      allSelected: true,
    });

    // More than the stock, as a merge or a change, is refused with how many can be bought.
    const tooMany = await add(token, { skuId: b.skuId, quantity: 3 });
    expect(tooMany.code).toBe(Code.OUT_OF_STOCK);
    expect(tooMany.message).toBe('“保温杯”库存不足，最多可购买 3 件');
    const change = await server.api.post('/member/trade/cart/updateQuantity', {
      token,
      json: { id: lineA.id, quantity: 11 },
    });
    expect(change.code).toBe(Code.OUT_OF_STOCK);
    const changed = await server.api.post('/member/trade/cart/updateQuantity', {
      token,
      json: { id: lineA.id, quantity: 1 },
    });
    expect(changed.data.lines.find((l: any) => l.id === lineA.id).quantity).toBe(1);

    // Select one / all.
    const unselect = await server.api.post('/member/trade/cart/select', {
      token,
      json: { id: lineA.id, selected: false },
    });
    expect(unselect.data.summary).toMatchObject({ selectedQuantity: 1, selectedAmount: 5900, allSelected: false });
    const none = await server.api.post('/member/trade/cart/selectAll', { token, json: { selected: false } });
    expect(none.data.summary.selectedLineCount).toBe(0);
    const all = await server.api.post('/member/trade/cart/selectAll', { token, json: { selected: true } });
    expect(all.data.summary).toMatchObject({ selectedLineCount: 2, allSelected: true });

    // Price changes, low stock, sold out and off shelf show on the lines.
    await setPrice(db, a.skuId, 17900);
    c = await cart(token);
    expect(c.lines.find((l: any) => l.skuId === a.skuId)).toMatchObject({
      state: 'PRICE_CHANGED',
      stateText: '价格变动',
      priceChange: 'DOWN',
      priceChangeText: '降价',
      priceDiff: 2000,
      price: 17900,
      priceAtAdd: 19900,
      purchasable: true,
    });
    await setPrice(db, a.skuId, 20900);
    expect((await cart(token)).lines.find((l: any) => l.skuId === a.skuId)).toMatchObject({
      priceChangeText: '涨价',
      priceDiff: 1000,
    });
    await server.api.post('/member/trade/cart/updateQuantity', { token, json: { id: lineA.id, quantity: 4 } });
    await setStock(db, a.skuId, 2);
    expect((await cart(token)).lines.find((l: any) => l.skuId === a.skuId)).toMatchObject({
      state: 'LOW_STOCK',
      stateText: '库存不足',
      purchasable: false,
    });
    await setStock(db, b.skuId, 0);
    expect((await cart(token)).lines.find((l: any) => l.skuId === b.skuId)).toMatchObject({
      state: 'SOLD_OUT',
      stateText: '已售罄',
    });
    await setStock(db, b.skuId, 3);
    await setOnShelf(db, b.goodsId, false);
    c = await cart(token);
    expect(c.lines.find((l: any) => l.skuId === b.skuId)).toMatchObject({
      state: 'OFF_SHELF',
      stateText: '已下架',
      purchasable: false,
    });
    expect(c.summary.invalidCount).toBe(1);
    const offShelfAdd = await add(token, { skuId: b.skuId });
    expect(offShelfAdd.code).toBe(Code.GOODS_OFF_SHELF);
    const offShelfLine = c.lines.find((l: any) => l.skuId === b.skuId).id;
    const offShelfChange = await server.api.post('/member/trade/cart/updateQuantity', {
      token,
      json: { id: offShelfLine, quantity: 1 },
    });
    expect(offShelfChange).toMatchObject({ code: Code.BAD_REQUEST, message: '“保温杯”已下架，请从购物车删除' });

    const cleared = await server.api.post('/member/trade/cart/clearInvalid', { token });
    expect(cleared.data.removed).toBe(1);
    expect(cleared.data.lines.map((l: any) => l.skuId)).toEqual([a.skuId]);

    const removed = await server.api.post('/member/trade/cart/remove', { token, json: { ids: [lineA.id] } });
    expect(removed.code).toBe(0);
    expect((await server.api.get('/member/trade/cart/count', { token })).data).toEqual({ count: 0, lines: 0 });
  });

  test('bad quantities and ids answer in Chinese and change nothing', async () => {
    const db = dbOf(server);
    const { accessToken: token } = await smsSignIn(server.api);
    const g = await makeGoods(db, { stock: 5000 });
    const cases: [unknown, string][] = [
      [{ skuId: g.skuId, quantity: 0 }, '购买数量不能小于 1'],
      [{ skuId: g.skuId, quantity: -3 }, '购买数量不能小于 1'],
      [{ skuId: g.skuId, quantity: 1.5 }, '购买数量必须是整数'],
      [{ skuId: g.skuId, quantity: '2.5' }, '购买数量必须是整数'],
      [{ skuId: g.skuId, quantity: 1000 }, '购买数量不能大于 999'],
      [{ skuId: g.skuId, quantity: 1e20 }, '购买数量'],
      [{ skuId: g.skuId, quantity: 'abc' }, '购买数量必须是整数'],
      [{ skuId: g.skuId, quantity: [1, 2] }, '购买数量必须是整数'],
      [{ skuId: g.skuId, quantity: '😀' }, '购买数量必须是整数'],
      [{ quantity: 1 }, '请填写商品规格'],
      [{ skuId: '1; DROP TABLE skus; --', quantity: 1 }, '商品规格必须是整数'],
      [{ skuId: '<script>', quantity: 1 }, '商品规格必须是整数'],
      [{ skuId: 'x'.repeat(10_000), quantity: 1 }, '商品规格必须是整数'],
      [{ skuId: -1, quantity: 1 }, '商品规格不能小于 1'],
    ];
    for (const [json, message] of cases) {
      const res = await add(token, json);
      expect(res.code, JSON.stringify(json).slice(0, 60)).toBe(Code.BAD_REQUEST);
      expect(res.message).toContain(message);
    }
    expect((await add(token, { skuId: 2_000_000_000, quantity: 1 })).code).toBe(Code.SKU_NOT_FOUND);
    expect((await server.api.get('/member/trade/cart/count', { token })).data.count).toBe(0);

    const line = await add(token, { skuId: g.skuId, quantity: 2 });
    for (const quantity of [0, -1, 1.5, 1000, 'x'.repeat(10_000)]) {
      const res = await server.api.post('/member/trade/cart/updateQuantity', {
        token,
        json: { id: line.data.id, quantity },
      });
      expect(res.code).toBe(Code.BAD_REQUEST);
    }
    for (const id of ['nope', "'; DELETE FROM cart_items; --", 'x'.repeat(10_000), '😀']) {
      const res = await server.api.post('/member/trade/cart/updateQuantity', { token, json: { id, quantity: 1 } });
      expect([Code.BAD_REQUEST, Code.NOT_FOUND]).toContain(res.code);
      expect(res.message).toMatch(/购物车/);
    }
    expect((await server.api.post('/member/trade/cart/remove', { token, json: { ids: [] } })).message).toBe(
      '请选择购物车商品',
    );
    expect(
      (await server.api.post('/member/trade/cart/select', { token, json: { id: line.data.id, selected: 'perhaps' } }))
        .message,
    ).toBe('选中状态格式不正确');
    expect((await cart(token)).lines).toEqual([expect.objectContaining({ quantity: 2, selected: true })]);
  });

  test('at most 100 lines', async () => {
    const db = dbOf(server);
    const { accessToken: token } = await smsSignIn(server.api);
    for (let i = 0; i < 100; i++) {
      const g = await makeGoods(db, { stock: 5 });
      expect((await add(token, { skuId: g.skuId })).code).toBe(0);
    }
    const extra = await makeGoods(db, { stock: 5 });
    const full = await add(token, { skuId: extra.skuId });
    expect(full.code).toBe(Code.CART_FULL);
    expect(full.message).toContain('最多放 100 种商品');
  });

  test("another member's cart lines cannot be read, changed or removed", async () => {
    const db = dbOf(server);
    const owner = await smsSignIn(server.api);
    const g = await makeGoods(db, { stock: 10 });
    const line = await add(owner.accessToken, { skuId: g.skuId, quantity: 2 });
    const other = await smsSignIn(server.api);
    const id = line.data.id;
    for (const [path, json] of [
      ['/member/trade/cart/updateQuantity', { id, quantity: 9 }],
      ['/member/trade/cart/select', { id, selected: false }],
      ['/member/trade/cart/remove', { ids: [id] }],
    ] as const) {
      const res = await server.api.post(path, { token: other.accessToken, json });
      expect(res.code).toBe(Code.NOT_FOUND);
      expect(res.message).toBe('购物车中没有该商品');
    }
    expect((await cart(other.accessToken)).lines).toEqual([]);
    expect((await cart(owner.accessToken)).lines).toEqual([
      expect.objectContaining({ id, quantity: 2, selected: true }),
    ]);
  });
});
