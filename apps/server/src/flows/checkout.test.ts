import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../lib/db.ts';
import { setSetting } from '../modules/site/site.service.ts';
import { checkCharacter } from '../modules/realname/id-number.ts';
import {
  startTestServer,
  type TestServer,
  addressBody,
  buyer,
  buyNow,
  dbOf,
  makeGoods,
  newKey,
  orderCount,
  salesOf,
  setOnShelf,
  stockOf,
} from '../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ORDER_PAY_MINUTES: '15' });
});
afterAll(() => server.close());

const submit = (token: string, json: unknown) => server.api.post('/member/trade/checkout/submit', { token, json });
const quote = (token: string, json: unknown) => server.api.post('/member/trade/checkout/quote', { token, json });
const detail = (token: string, orderNo: string) =>
  server.api.get('/member/order/order/detail', { token, query: { orderNo } });

describe('checkout', () => {
  test('cart lines → quote → order: amounts, stock, sales, snapshot, cart lines removed', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const phone = await makeGoods(db, {
      name: '国产旗舰手机',
      skus: [{ specs: { 颜色: '黑色', 容量: '256G' }, priceFen: 3999_00, stock: 5 }],
    });
    const cup = await makeGoods(db, { name: '陶瓷马克杯', priceFen: 2950, stock: 10 });
    const kept = await makeGoods(db, { name: '留在购物车的商品', priceFen: 100, stock: 10 });
    const lineIds: string[] = [];
    for (const [skuId, quantity] of [
      [phone.skuId, 1],
      [cup.skuId, 3],
      [kept.skuId, 1],
    ] as const) {
      lineIds.push(
        (await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId, quantity } })).data.id,
      );
    }
    const chosen = lineIds.slice(0, 2);
    const q = await quote(b.token, { cartItemIds: chosen });
    expect(q.code).toBe(0);
    expect(q.data).toMatchObject({
      goodsAmount: 399900 + 8850,
      freight: 0,
      payableAmount: 408750,
      totalQuantity: 4,
      needsRealName: false,
      payMinutes: 15,
    });
    expect(q.data.address).toMatchObject({ id: b.addressId, isDefault: true });
    expect(q.data.items[0]).toMatchObject({ goodsName: '国产旗舰手机', unitPrice: 399900, quantity: 1 });
    // jsonb keeps spec keys in its own order, so only the parts are checked.
    expect(q.data.items[0].specText.split('；').sort()).toEqual(['容量：256G', '颜色：黑色']);

    const before = Date.now();
    const res = await submit(b.token, {
      cartItemIds: chosen,
      addressId: b.addressId,
      remark: '请尽快发货🙏',
      idempotencyKey: newKey(),
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 'PENDING_PAYMENT', payableAmount: 408750, created: true });
    expect(res.data.orderNo).toMatch(/^\d{20}$/);
    const deadline = Date.parse(res.data.payDeadline) - before;
    expect(deadline).toBeGreaterThan(14 * 60_000);
    expect(deadline).toBeLessThan(16 * 60_000);

    expect(await stockOf(db, phone.skuId)).toBe(4);
    expect(await stockOf(db, cup.skuId)).toBe(7);
    expect(await salesOf(db, cup.goodsId)).toBe(3);
    const left = (await server.api.get('/member/trade/cart/list', { token: b.token })).data.lines;
    expect(left.map((l: any) => l.skuId)).toEqual([kept.skuId]);

    // Snapshot: a later change of the address or the goods does not touch the order.
    await server.api.post('/member/trade/address/update', {
      token: b.token,
      json: { id: b.addressId, ...addressBody({ receiverName: '改名了' }) },
    });
    await db.execute(sql`UPDATE goods SET name = '改了名字的手机' WHERE id = ${phone.goodsId}`);
    const d = await detail(b.token, res.data.orderNo);
    expect(d.data.address.receiverName).toBe('张三');
    expect(d.data.items.map((i: any) => i.name)).toEqual(expect.arrayContaining(['国产旗舰手机', '陶瓷马克杯']));
    expect(d.data.remark).toBe('请尽快发货🙏');
    const shares = d.data.items.reduce((a: number, i: any) => a + i.paidShare, 0);
    expect(shares).toBe(d.data.payableAmount);
  });

  test('freight from the site configuration; paid shares include it', async () => {
    const db = dbOf(server);
    await setSetting(db, 'freight', { freeFromFen: 20000, feeFen: 800 });
    try {
      const b = await buyer(server.api);
      const a = await makeGoods(db, { priceFen: 3000, stock: 10 });
      const c = await makeGoods(db, { priceFen: 7000, stock: 10 });
      await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: a.skuId, quantity: 1 } });
      await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: c.skuId, quantity: 1 } });
      const ids = (await server.api.get('/member/trade/cart/list', { token: b.token })).data.lines.map(
        (l: any) => l.id,
      );
      const q = await quote(b.token, { cartItemIds: ids });
      expect(q.data).toMatchObject({
        goodsAmount: 10000,
        freight: 800,
        payableAmount: 10800,
        freightRule: { freeFromFen: 20000, feeFen: 800 },
      });
      const res = await submit(b.token, { cartItemIds: ids, addressId: b.addressId, idempotencyKey: newKey() });
      const d = await detail(b.token, res.data.orderNo);
      expect(d.data.items.map((i: any) => i.paidShare).sort((x: number, y: number) => x - y)).toEqual([3240, 7560]);
    } finally {
      await setSetting(db, 'freight', { freeFromFen: 9900, feeFen: 1000 });
    }
  });

  test('client prices, totals, discounts and coupons are ignored', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { priceFen: 12345, stock: 10 });
    const tampered = {
      buyNow: { skuId: g.skuId, quantity: 2, price: 1, unitPrice: 1 },
      addressId: b.addressId,
      idempotencyKey: newKey(),
      payableAmount: 1,
      goodsAmount: 1,
      freight: 0,
      couponDiscount: 24690,
      pointsDiscount: 24690,
      coupon: { id: 'x', thresholdFen: 0, amountFen: 24690 },
      pointsValueFen: 99999,
      items: [{ skuId: g.skuId, quantity: 2, unitPrice: 1 }],
    };
    // `points` is read, but only as points the member has: none here.
    expect(await quote(b.token, { ...tampered, points: 99999 })).toMatchObject({ code: Code.POINTS_INSUFFICIENT, message: '积分不足，当前可用 0 积分' });
    const q = await quote(b.token, tampered);
    expect(q.data).toMatchObject({ goodsAmount: 24690, couponDiscount: 0, pointsDiscount: 0, payableAmount: 24690 });
    const res = await submit(b.token, tampered);
    expect(res.data.payableAmount).toBe(24690);
    const d = await detail(b.token, res.data.orderNo);
    expect(d.data).toMatchObject({
      goodsAmount: 24690,
      couponDiscount: 0,
      pointsDiscount: 0,
      freight: 0,
      payableAmount: 24690,
    });
    expect(d.data.items[0]).toMatchObject({ unitPrice: 12345, quantity: 2 });
  });

  test('a double submit with one key makes one order; 10 concurrent identical submits too', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { priceFen: 1000, stock: 100 });
    const body = { buyNow: { skuId: g.skuId, quantity: 2 }, addressId: b.addressId, idempotencyKey: newKey() };
    const first = await submit(b.token, body);
    const again = await submit(b.token, body);
    expect(again.code).toBe(0);
    expect(again.data).toMatchObject({ orderNo: first.data.orderNo, created: false });
    expect(await stockOf(db, g.skuId)).toBe(98);

    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        submit(b.token, { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: key }),
      ),
    );
    expect(replies.every((r) => r.code === 0)).toBe(true);
    expect(new Set(replies.map((r) => r.data.orderNo)).size).toBe(1);
    expect(replies.filter((r) => r.data.created)).toHaveLength(1);
    expect(await orderCount(db, sql`idempotency_key = ${key}`)).toBe(1);
    expect(await stockOf(db, g.skuId)).toBe(97);
  });

  test('a retry after the order was made answers that order, though its cart lines are gone and its goods sold out', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { priceFen: 1000, stock: 2 });
    const line = (await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: g.skuId, quantity: 2 } })).data.id;
    const body = { cartItemIds: [line], addressId: b.addressId, idempotencyKey: newKey() };
    const first = await submit(b.token, body);
    expect(first.data).toMatchObject({ created: true });
    expect(await stockOf(db, g.skuId)).toBe(0);
    const again = await submit(b.token, body);
    expect(again.code, again.message).toBe(0);
    expect(again.data).toMatchObject({ orderNo: first.data.orderNo, created: false });
    const buyNowAgain = await submit(b.token, { ...body, cartItemIds: undefined, buyNow: { skuId: g.skuId, quantity: 2 } });
    expect(buyNowAgain.data).toMatchObject({ orderNo: first.data.orderNo, created: false });
    // A new key is a new order: refused, the goods sold out.
    expect((await submit(b.token, { ...body, idempotencyKey: newKey() })).code).not.toBe(0);
  });

  test('short stock or goods off shelf refuse with the goods named; nothing changes', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const ok = await makeGoods(db, { name: '充足商品', stock: 10 });
    const short = await makeGoods(db, { name: '紧俏商品', stock: 1 });
    const ids: string[] = [];
    ids.push(
      (await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: ok.skuId, quantity: 2 } })).data
        .id,
    );
    ids.push(
      (await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: short.skuId, quantity: 1 } }))
        .data.id,
    );
    await db.execute(sql`UPDATE skus SET stock = 0 WHERE id = ${short.skuId}`);
    const before = await orderCount(db);
    const res = await submit(b.token, { cartItemIds: ids, addressId: b.addressId, idempotencyKey: newKey() });
    expect(res.code).toBe(Code.OUT_OF_STOCK);
    expect(res.message).toContain('紧俏商品');
    const big = await buyNow(server.api, b, ok.skuId, 11);
    expect(big.code).toBe(Code.OUT_OF_STOCK);
    expect(big.message).toBe('“充足商品”库存不足，最多可购买 10 件');
    await setOnShelf(db, ok.goodsId, false);
    const off = await buyNow(server.api, b, ok.skuId, 1);
    expect(off.code).toBe(Code.GOODS_OFF_SHELF);
    expect(off.message).toBe('“充足商品”已下架');
    expect(await orderCount(db)).toBe(before);
    expect(await stockOf(db, ok.skuId)).toBe(10);
    expect((await server.api.get('/member/trade/cart/list', { token: b.token })).data.lines).toHaveLength(2);
  });

  test('cross-border goods need the buyer’s own real-name record', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { name: '澳洲进口奶粉', isCrossBorder: true, stock: 10 });
    const q = await quote(b.token, { buyNow: { skuId: g.skuId, quantity: 1 } });
    expect(q.data.needsRealName).toBe(true);
    const without = await buyNow(server.api, b, g.skuId);
    expect(without.code).toBe(Code.BAD_REQUEST);
    expect(without.message).toContain('跨境商品');
    const stranger = await buyNow(server.api, b, g.skuId, 1, { realNameId: '7f1f3c9e-1111-4222-8333-944455556666' });
    expect(stranger.code).toBe(Code.NOT_FOUND);
    expect(stranger.message).toBe('实名认证信息不存在，请重新选择');
    const body17 = '11010519900307123';
    const added = await server.api.post('/member/user/realName/add', {
      token: b.token,
      json: { name: '张三', idNumber: body17 + checkCharacter(body17) },
    });
    expect(added.code).toBe(0);
    const res = await buyNow(server.api, b, g.skuId, 1, { realNameId: added.data.id });
    expect(res.code).toBe(0);
    const withRealName = (await detail(b.token, res.data.orderNo)).data;
    expect(withRealName.realNameId).toBe(added.data.id);
    expect(withRealName.realName).toEqual({ name: '张三', idNumberMasked: expect.stringMatching(/^1\*+\d$/) });
    // The order keeps whose name it clears customs in, even after the buyer deletes the record.
    const removed = await server.api.post('/member/user/realName/delete', {
      token: b.token,
      json: { id: added.data.id },
    });
    expect(removed.code).toBe(0);
    expect((await detail(b.token, res.data.orderNo)).data.realName).toEqual(withRealName.realName);
    // Another member cannot use that record.
    const other = await buyer(server.api);
    expect((await buyNow(server.api, other, g.skuId, 1, { realNameId: added.data.id })).code).toBe(Code.NOT_FOUND);
    expect(await stockOf(db, g.skuId)).toBe(9);
  });

  test("another member's address or cart lines are not found; nothing is made", async () => {
    const db = dbOf(server);
    const owner = await buyer(server.api);
    const g = await makeGoods(db, { stock: 10 });
    const line = await server.api.post('/member/trade/cart/add', {
      token: owner.token,
      json: { skuId: g.skuId, quantity: 1 },
    });
    const thief = await buyer(server.api);
    const before = await orderCount(db);
    const withTheirAddress = await buyNow(server.api, { token: thief.token, addressId: owner.addressId }, g.skuId);
    expect(withTheirAddress.code).toBe(Code.NOT_FOUND);
    expect(withTheirAddress.message).toBe('收货地址不存在，请重新选择');
    const withTheirLine = await submit(thief.token, {
      cartItemIds: [line.data.id],
      addressId: thief.addressId,
      idempotencyKey: newKey(),
    });
    expect(withTheirLine.code).toBe(Code.NOT_FOUND);
    expect((await quote(thief.token, { cartItemIds: [line.data.id] })).code).toBe(Code.NOT_FOUND);
    expect(await orderCount(db)).toBe(before);
    expect(await stockOf(db, g.skuId)).toBe(10);
    expect((await server.api.get('/member/trade/cart/count', { token: owner.token })).data.count).toBe(1);
  });

  test('bad input answers in Chinese and makes nothing', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { stock: 10 });
    const base = { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() };
    const cases: [Record<string, unknown>, string][] = [
      [{ idempotencyKey: undefined }, '请填写请求标识'],
      [{ idempotencyKey: 'short' }, '请求标识至少 8 个字符'],
      [{ idempotencyKey: "abc'; DROP TABLE orders; --" }, '请求标识'],
      [{ idempotencyKey: 'k'.repeat(10_000) }, '请求标识不能超过 64 个字符'],
      [{ addressId: undefined }, '请填写收货地址'],
      [{ addressId: 'x'.repeat(10_000) }, '收货地址不能超过 64 个字符'],
      [{ buyNow: undefined }, '请选择要结算的商品'],
      [{ cartItemIds: ['a'] }, '请选择要结算的商品'], // both sources
      [{ buyNow: { skuId: g.skuId, quantity: 0 } }, '购买数量不能小于 1'],
      [{ buyNow: { skuId: g.skuId, quantity: -5 } }, '购买数量不能小于 1'],
      [{ buyNow: { skuId: g.skuId, quantity: 0.5 } }, '购买数量必须是整数'],
      [{ buyNow: { skuId: g.skuId, quantity: 99999999999 } }, '购买数量不能大于 999'],
      [{ buyNow: { skuId: '<script>alert(1)</script>', quantity: 1 } }, '商品规格必须是整数'],
      [{ buyNow: { skuId: '😀', quantity: 1 } }, '商品规格必须是整数'],
      [{ buyNow: 'now' }, '立即购买的商品格式不正确'],
      [{ remark: '备'.repeat(10_000) }, '订单备注不能超过 200 个字符'],
      [{ remark: 42 }, '订单备注格式不正确'],
    ];
    const before = await orderCount(db);
    for (const [patch, message] of cases) {
      const res = await submit(b.token, { ...base, ...patch });
      expect(res.code, JSON.stringify(patch).slice(0, 60)).toBe(Code.BAD_REQUEST);
      expect(res.message).toContain(message);
    }
    const notArray = await submit(b.token, { cartItemIds: 42, addressId: b.addressId, idempotencyKey: newKey() });
    expect(notArray.message).toBe('购物车商品格式不正确');
    expect((await submit(b.token, { cartItemIds: [], addressId: b.addressId, idempotencyKey: newKey() })).message).toBe(
      '请选择购物车商品',
    );
    expect(
      (await submit(b.token, { cartItemIds: ['nope'], addressId: b.addressId, idempotencyKey: newKey() })).code,
    ).toBe(Code.NOT_FOUND);
    expect(await orderCount(db)).toBe(before);
    expect(await stockOf(db, g.skuId)).toBe(10);
    const [{ n }] = (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM order_items`)) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(0);
  });

  test('an order above the single-order limit is refused in Chinese before any integer column overflows', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    // 2 × ¥15,000,000 = 3,000,000,000 fen: more than an integer column holds (2,147,483,647).
    const dear = await makeGoods(db, { priceFen: 1_500_000_000, stock: 10 });
    const before = await orderCount(db);
    for (const call of [quote, submit]) {
      const res = await call(b.token, {
        buyNow: { skuId: dear.skuId, quantity: 2 },
        addressId: b.addressId,
        idempotencyKey: newKey(),
      });
      expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST });
      expect(res.message).toBe('订单金额超过单笔上限 ¥10,000,000.00，请分开下单');
    }
    expect(await orderCount(db)).toBe(before);
    expect(await stockOf(db, dear.skuId)).toBe(10);
    // Just under the limit is an order like any other.
    const fine = await makeGoods(db, { priceFen: 999_999_000, stock: 1 });
    const ok = await submit(b.token, {
      buyNow: { skuId: fine.skuId, quantity: 1 },
      addressId: b.addressId,
      idempotencyKey: newKey(),
    });
    expect(ok.code, ok.message).toBe(0);
    expect(ok.data.payableAmount).toBe(999_999_000);
  });
});
