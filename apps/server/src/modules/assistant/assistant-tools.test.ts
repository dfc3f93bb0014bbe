import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import { makeGoods, startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { discountTemplate, makeTemplate } from '../coupons/coupons-test-kit.ts';
import { assistantMember, chat, newSession, runningActivity, shopperWithHistory, type SseEvent } from './assistant-test-kit.ts';
import type { AssistantProvider } from './provider.ts';
import { useProviderForTests } from './provider-choice.ts';

/**
 * Every tool over HTTP: a scripted provider calls the tool the test names with the test's arguments
 * and says its result, so what a tool returns, shows and logs is checked through the real stream.
 */
const OPS_TOKEN = 'assistant-tools-ops-token-0123456789';

describe('the assistant’s tools', () => {
  let s: TestServer;
  let calls: { name: string; args: unknown }[] = [];
  const provider: AssistantProvider = {
    name: 'offline',
    label: '内容由系统根据商品数据生成',
    async respond(_turn, io) {
      for (const call of calls) {
        const result = await io.callTool(call.name, call.args);
        io.emit({ type: 'delta', data: { text: `${JSON.stringify(result)}\n` } });
        for (const card of result.cards) io.emit({ type: 'card', data: card });
      }
    },
  };
  let shopper: Awaited<ReturnType<typeof shopperWithHistory>>;
  let multi: Awaited<ReturnType<typeof makeGoods>>;
  let single: Awaited<ReturnType<typeof makeGoods>>;
  let coupon: { id: number };
  beforeAll(async () => {
    s = await startCatalogServer(300, { OPS_TOKEN });
    useProviderForTests(s.running.app.ctx, provider);
    const db = s.running.app.ctx.db;
    multi = await makeGoods(db, {
      name: '助手测试T恤',
      skus: [
        { specs: { 颜色: '黑色', 尺码: 'L' }, priceFen: 9900, stock: 5 },
        { specs: { 颜色: '白色', 尺码: 'M' }, priceFen: 8900, stock: 0 },
      ],
    });
    single = await makeGoods(db, { name: '助手测试水杯', priceFen: 2500, stock: 40 });
    coupon = await makeTemplate(db, { name: '助手测试券', thresholdFen: 2000, amountFen: 300 });
    shopper = await shopperWithHistory(s, { goodsId: single.goodsId, skuId: single.skuId, priceFen: 2500 });
  });
  afterAll(async () => s?.close());

  /** This file asks far more than 20 questions a minute: earlier answers are moved back past the limit's minute. */
  const forgetRecentQuestions = () =>
    s.running.app.ctx.db.execute(sql`UPDATE assistant_messages SET created_at = created_at - interval '2 minutes'`);

  async function ask(name: string, args: unknown, token = shopper.token) {
    calls = [{ name, args }];
    await forgetRecentQuestions();
    const sessionId = await newSession(s, token);
    const res = await chat(s, token, { sessionId, content: `测试 ${name}` });
    const deltas = res.events.filter((e) => e.type === 'delta').map((e) => e.data.text as string);
    const result = JSON.parse(deltas.join('').trim());
    const tools = res.events.filter((e) => e.type === 'tool');
    const cards = res.events.filter((e) => e.type === 'card').map((e: SseEvent) => e.data);
    return { result, tools, cards, answerId: res.events[0]!.data.messageId as string };
  }

  it('search_goods: keyword, price range, sort and limit, from the catalogue', async () => {
    const { result, cards, tools } = await ask('search_goods', { category: '手机', maxPriceFen: 500_000, sort: 'priceAsc', limit: 3 });
    expect(tools.map((t) => t.data.status)).toEqual(['running', 'done']);
    expect(tools[1]!.data.summary).toMatch(/找到 \d+ 件商品/);
    expect(result.ok).toBe(true);
    const goods = result.data.goods;
    expect(goods.length).toBeGreaterThan(0);
    expect(goods.length).toBeLessThanOrEqual(3);
    const prices = goods.map((g: any) => g.priceFen);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((p: number) => p <= 500_000)).toBe(true);
    // the card keeps what it was searched by, for a follow-up such as 便宜点的
    expect(cards).toEqual([{ kind: 'goods', goods, query: { category: '手机', maxPriceFen: 500_000 } }]);
    const limited = await ask('search_goods', { keyword: '手机', limit: 50 });
    expect(limited.result.data.goods.length).toBeLessThanOrEqual(10); // a limit past 10 is held at 10
    const none = await ask('search_goods', { keyword: '完全不存在的东西xyzxyz' });
    expect(none.result).toMatchObject({ ok: true, summary: '没有找到符合条件的商品' });
    expect(none.cards).toEqual([]);
  });

  it('goods_detail: SKUs with price and stock; a missing goods is said plainly', async () => {
    const { result, cards } = await ask('goods_detail', { goodsId: multi.goodsId });
    expect(result.data.goods).toMatchObject({ goodsId: multi.goodsId, name: '助手测试T恤', priceFen: 8900, stock: 5 });
    expect(result.data.skus).toEqual([
      { skuId: multi.skuIds[0], specText: '尺码：L；颜色：黑色', priceFen: 9900, cartPriceFen: 9900, stock: 5 },
      { skuId: multi.skuIds[1], specText: '尺码：M；颜色：白色', priceFen: 8900, cartPriceFen: 8900, stock: 0 },
    ]);
    expect(cards).toEqual([{ kind: 'goods', goods: [result.data.goods] }]);
    const missing = await ask('goods_detail', { goodsId: 99_999_999 });
    expect(missing.result).toMatchObject({ ok: false, error: '商品不存在或已下架' });
    expect(missing.tools[1]!.data.status).toBe('failed');
    const bad = await ask('goods_detail', { goodsId: 'abc' });
    expect(bad.result.ok).toBe(false);
    expect(bad.result.error).toMatch(/商品编号/);
  });

  it('compare_goods: 2 to 4 goods row by row', async () => {
    const { result, cards } = await ask('compare_goods', { goodsIds: [multi.goodsId, single.goodsId] });
    expect(result.data.goods.map((g: any) => g.goodsId)).toEqual([multi.goodsId, single.goodsId]);
    const price = result.data.rows.find((r: any) => r.label === '价格');
    expect(price.values).toEqual(['¥89.00', '¥25.00']);
    expect(result.data.rows.find((r: any) => r.label === '库存').values).toEqual(['5 件', '40 件']);
    expect(cards[0]).toMatchObject({ kind: 'compare', goods: result.data.goods, rows: result.data.rows });
    expect((await ask('compare_goods', { goodsIds: [single.goodsId] })).result.error).toMatch(/至少选择 2 件/);
    expect((await ask('compare_goods', { goodsIds: [1, 2, 3, 4, 5] })).result.error).toMatch(/最多对比 4 件/);
  });

  it('recommend: within the budget, in stock, each with a reason', async () => {
    const { result, cards } = await ask('recommend', { budgetFen: 300_000, category: '手机', count: 2 });
    expect(result.data.goods.length).toBeGreaterThan(0);
    for (const g of result.data.goods) {
      expect(g.priceFen).toBeLessThanOrEqual(300_000);
      expect(g.stock).toBeGreaterThan(0);
      expect(result.data.reasons.find((r: any) => r.goodsId === g.goodsId).reason).toMatch(/已售 \d+ 件/);
    }
    expect(cards).toEqual([{ kind: 'goods', goods: result.data.goods }]);
  });

  it('catalogue_shape: counts, the cheapest and dearest, brands', async () => {
    const { result } = await ask('catalogue_shape', { category: '手机' });
    const [fact] = await rows<{ n: number; lo: number; hi: number }>(
      s.running.app.ctx.db,
      sql`SELECT count(*)::int AS n, min(price_fen) AS lo, max(price_fen) AS hi FROM goods g
        WHERE on_shelf AND category_id IN (WITH RECURSIVE t AS (SELECT id FROM categories WHERE name = '手机'
          UNION SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id) SELECT id FROM t)`,
    );
    expect(result.data.total).toBe(fact!.n);
    expect(result.data.lowest.priceFen).toBe(fact!.lo);
    expect(result.data.highest.priceFen).toBe(fact!.hi);
    expect(result.data.brands.length).toBeGreaterThan(0);
  });

  it('my_orders: the member’s own, latest first, with the parcel; a status filter', async () => {
    const { result, cards } = await ask('my_orders', { limit: 5 });
    const orderNos = result.data.orders.map((o: any) => o.orderNo);
    expect(orderNos).toEqual(expect.arrayContaining([shopper.shipped.orderNo, shopper.unpaid.orderNo, shopper.forAfterSale.orderNo]));
    const shipped = result.data.orders.find((o: any) => o.orderNo === shopper.shipped.orderNo);
    expect(shipped).toMatchObject({ status: 'PENDING_RECEIPT', statusName: '待收货', payAmountFen: 2500, logistics: { company: '顺丰速运', trackingNo: 'SF1234567890' } });
    expect(JSON.stringify(result)).not.toMatch(/13800138000|张三|测试路/); // no address or receiver
    expect(cards[0].kind).toBe('order');
    const unpaid = await ask('my_orders', { status: 'PENDING_PAYMENT' });
    expect(unpaid.result.data.orders.map((o: any) => o.orderNo)).toEqual([shopper.unpaid.orderNo]);
    const someoneElse = await assistantMember(s);
    expect((await ask('my_orders', { memberId: shopper.memberId }, someoneElse.token)).result.data.orders).toEqual([]);
  });

  it('my_aftersales: the member’s own requests', async () => {
    const { result, cards } = await ask('my_aftersales', {});
    expect(result.data.list).toEqual([
      expect.objectContaining({ afterSaleNo: shopper.afterSaleNo, orderNo: shopper.forAfterSale.orderNo, statusName: '待审核', refundAmountFen: 2500 }),
    ]);
    expect(cards[0].kind).toBe('aftersale');
    // the request's id, and its page in the buyer app (/user/order/afterSaleOrderDetail/:id)
    const [row] = await rows<{ id: string }>(s.running.app.ctx.db, sql`SELECT id FROM after_sales WHERE after_sale_no = ${shopper.afterSaleNo}`);
    expect(cards[0].list[0]).toMatchObject({ id: row!.id, href: `/user/order/afterSaleOrderDetail/${row!.id}` });
  });

  it('coupons: claimable ones, those for a goods, and those that fit the cart', async () => {
    const offered = await ask('claimable_coupons', {});
    expect(offered.result.data.coupons).toContainEqual(
      expect.objectContaining({ couponId: coupon.id, name: '助手测试券', amountFen: 300, thresholdFen: 2000, claimable: true, owned: false }),
    );
    const forGoods = await ask('coupons_for', { goodsId: single.goodsId });
    expect(forGoods.result.data.coupons.map((c: any) => c.couponId)).toContain(coupon.id);

    const emptyCart = await ask('coupons_for', {});
    expect(emptyCart.result.data).toMatchObject({ cartEmpty: true });
    expect((await s.api.post('/member/promotion/coupon/claim', { token: shopper.token, json: { templateId: coupon.id } })).code).toBe(0);
    expect((await s.api.post('/member/trade/cart/add', { token: shopper.token, json: { skuId: single.skuId, quantity: 1 } })).code).toBe(0);
    const cart = await ask('coupons_for', {});
    expect(cart.result.data.cartAmountFen).toBe(2500);
    expect(cart.result.data.coupons).toEqual([expect.objectContaining({ couponId: coupon.id, amountFen: 300, owned: true })]);
    expect(cart.result.data.discounts).toEqual([{ couponId: coupon.id, discountFen: 300 }]);
  });

  it('a 折扣 coupon: its percent and cap on the card, not ¥0', async () => {
    const db = s.running.app.ctx.db;
    const percent = await discountTemplate(db, 85, 2000, { name: '助手8.5折券', perMemberLimit: 2 });
    const offer = { kind: 'DISCOUNT', amountFen: 0, discountPercent: 85, capFen: 2000, thresholdFen: 0 };
    const offered = await ask('claimable_coupons', {});
    expect(offered.cards[0].coupons).toContainEqual(expect.objectContaining({ couponId: percent.id, ...offer, claimable: true, owned: false }));
    const proposed = await ask('propose_claim_coupon', { couponId: percent.id });
    expect(proposed.cards[0]).toMatchObject({ couponId: percent.id, couponKind: 'DISCOUNT', amountFen: 0, discountPercent: 85, capFen: 2000 });
    // held, it fits the cart (¥25.00, a 15% share is ¥3.75 under the cap)
    expect((await s.api.post('/member/promotion/coupon/claim', { token: shopper.token, json: { templateId: percent.id } })).code).toBe(0);
    const cart = await ask('coupons_for', {});
    expect(cart.result.data.coupons).toContainEqual(expect.objectContaining({ couponId: percent.id, ...offer, owned: true }));
    expect(cart.result.data.discounts).toContainEqual({ couponId: percent.id, discountFen: 375 });
  });

  it('a running 秒杀 and 限时折扣: cards and goods_detail name the activity; the cart proposal keeps the cart’s price', async () => {
    const db = s.running.app.ctx.db;
    const g = await makeGoods(db, {
      name: '助手活动测试坚果',
      skus: [
        { specs: { 规格: '500g' }, priceFen: 5900, stock: 30 },
        { specs: { 规格: '1kg' }, priceFen: 9900, stock: 30 },
      ],
    });
    const [small, big] = g.skuIds as [number, number];
    const flashId = await runningActivity(s, OPS_TOKEN, 'FLASH_SALE', [{ skuId: small, priceFen: 2900, stock: 5 }]);
    const discountId = await runningActivity(s, OPS_TOKEN, 'TIME_DISCOUNT', [{ skuId: big, percent: 80 }]);
    const flash = { kind: 'FLASH_SALE', priceLabel: '秒杀价', activityId: flashId, skuId: small };
    const discount = { kind: 'TIME_DISCOUNT', priceLabel: '限时价', activityId: discountId, skuId: big };

    const detail = await ask('goods_detail', { goodsId: g.goodsId });
    // the 秒杀's 5 units left the goods' stock when it was scheduled
    expect(detail.result.data.goods).toMatchObject({ priceFen: 5900, activityPriceFen: 2900, activity: flash, stock: 55 });
    expect(detail.result.data.skus).toEqual([
      { skuId: small, specText: '规格：500g', priceFen: 5900, activityPriceFen: 2900, activity: flash, cartPriceFen: 5900, stock: 25 },
      { skuId: big, specText: '规格：1kg', priceFen: 9900, activityPriceFen: 7920, activity: discount, cartPriceFen: 7920, stock: 30 },
    ]);
    expect(detail.cards).toEqual([{ kind: 'goods', goods: [detail.result.data.goods] }]);

    const compared = await ask('compare_goods', { goodsIds: [g.goodsId, single.goodsId] });
    expect(compared.result.data.rows.find((r: any) => r.label === '活动价').values).toEqual(['秒杀价 ¥29.00', '—']);

    // a searched goods' card: its cheapest SKU in a 限时折扣 of 9折
    const phone = (await ask('search_goods', { category: '手机', sort: 'priceAsc', limit: 1 })).cards[0].goods[0];
    const [cheapest] = await rows<{ id: number; price_fen: number }>(db, sql`SELECT id, price_fen FROM skus WHERE goods_id = ${phone.goodsId} ORDER BY price_fen, id LIMIT 1`);
    const phoneSale = await runningActivity(s, OPS_TOKEN, 'TIME_DISCOUNT', [{ skuId: cheapest!.id, percent: 90 }]);
    const found = await ask('search_goods', { category: '手机', sort: 'priceAsc', limit: 1 });
    expect(found.cards[0].goods[0]).toMatchObject({
      goodsId: phone.goodsId,
      priceFen: cheapest!.price_fen,
      activityPriceFen: Math.floor((cheapest!.price_fen * 90) / 100),
      activity: { kind: 'TIME_DISCOUNT', priceLabel: '限时价', activityId: phoneSale, skuId: cheapest!.id },
    });

    // a 秒杀 is bought with 立即抢购, not through the cart: the card keeps the cart's price and says where
    const toCart = await ask('propose_add_to_cart', { goodsId: g.goodsId, skuId: small });
    expect(toCart.cards[0]).toMatchObject({ kind: 'confirm', skuId: small, priceFen: 5900 });
    expect(toCart.result.data.flashSale).toMatchObject({ priceFen: 2900, ...flash });
    const discounted = await ask('propose_add_to_cart', { goodsId: g.goodsId, skuId: big });
    expect(discounted.cards[0]).toMatchObject({ kind: 'confirm', skuId: big, priceFen: 7920 });
    expect(discounted.result.data.flashSale).toBeNull();
  });

  it('points_balance: the member’s balance', async () => {
    const { result, cards } = await ask('points_balance', { memberId: 'someone-else' });
    expect(result.data.balance).toBe(321);
    expect(cards).toEqual([{ kind: 'points', balance: 321 }]);
  });

  it('propose_add_to_cart: a confirm card naming a SKU, a question when several; nothing added', async () => {
    const db = s.running.app.ctx.db;
    const cartBefore = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM cart_items`);
    const one = await ask('propose_add_to_cart', { goodsId: single.goodsId, quantity: 2 });
    expect(one.cards).toEqual([
      { kind: 'confirm', action: 'addToCart', goodsId: single.goodsId, skuId: single.skuId, skuText: '颜色：黑色', quantity: 2, name: '助手测试水杯', priceFen: 2500 },
    ]);
    const several = await ask('propose_add_to_cart', { goodsId: multi.goodsId });
    expect(several.result.data).toMatchObject({ needsSku: true, options: [{ skuId: multi.skuIds[0], specText: '尺码：L；颜色：黑色', priceFen: 9900, stock: 5 }] });
    expect(several.cards.map((c: any) => c.kind)).toEqual(['goods']);
    const chosen = await ask('propose_add_to_cart', { goodsId: multi.goodsId, skuId: multi.skuIds[0] });
    expect(chosen.cards[0]).toMatchObject({ kind: 'confirm', skuId: multi.skuIds[0], skuText: '尺码：L；颜色：黑色', priceFen: 9900 });
    expect((await ask('propose_add_to_cart', { goodsId: multi.goodsId, skuId: multi.skuIds[1] })).result.error).toBe('该规格已售罄');
    expect((await ask('propose_add_to_cart', { goodsId: multi.goodsId, skuId: multi.skuIds[0], quantity: 6 })).result.error).toBe('该规格库存仅剩 5 件');
    expect((await ask('propose_add_to_cart', { goodsId: multi.goodsId, skuId: single.skuId })).result.error).toBe('这件商品没有该规格');
    expect(await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM cart_items`)).toEqual(cartBefore);
  });

  it('propose_claim_coupon: a confirm card; nothing claimed', async () => {
    const db = s.running.app.ctx.db;
    const fresh = await makeTemplate(db, { name: '助手领取测试券', thresholdFen: 0, amountFen: 500 });
    const before = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM member_coupons`);
    const res = await ask('propose_claim_coupon', { couponId: fresh.id });
    expect(res.cards).toEqual([
      {
        kind: 'confirm',
        action: 'claimCoupon',
        couponId: fresh.id,
        name: '助手领取测试券',
        couponKind: 'FULL_REDUCTION',
        amountFen: 500,
        discountPercent: null,
        capFen: null,
        thresholdFen: 0,
      },
    ]);
    expect(await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM member_coupons`)).toEqual(before);
    expect((await ask('propose_claim_coupon', { couponId: coupon.id })).result.error).toMatch(/已领取/);
    expect((await ask('propose_claim_coupon', { couponId: 99_999_999 })).result.error).toBe('优惠券不存在或已结束');
  });

  it('logs every call: member, tool, arguments without personal data, result size, time', async () => {
    const { answerId } = await ask('search_goods', { keyword: '手机 13912345678 zhang@example.com' });
    await ask('no_such_tool', {});
    const [logged] = await rows<{ member_id: string; tool: string; args: any; result_size: number; ms: number; ok: boolean }>(
      s.running.app.ctx.db,
      sql`SELECT member_id, tool, args, result_size, ms, ok FROM assistant_tool_calls WHERE message_id = ${answerId}`,
    );
    expect(logged).toMatchObject({ member_id: shopper.memberId, tool: 'search_goods', ok: true });
    expect(logged!.result_size).toBeGreaterThan(0);
    expect(logged!.ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(logged!.args)).not.toMatch(/13912345678|zhang@example\.com/);
    const unknown = await rows<{ n: number }>(s.running.app.ctx.db, sql`SELECT count(*)::int AS n FROM assistant_tool_calls WHERE tool = 'no_such_tool'`);
    expect(unknown[0]!.n).toBe(0);
  });

  it('stops calling tools past ASSISTANT_MAX_STEPS in one answer', async () => {
    calls = Array.from({ length: 7 }, () => ({ name: 'points_balance', args: {} }));
    await forgetRecentQuestions();
    const sessionId = await newSession(s, shopper.token);
    const res = await chat(s, shopper.token, { sessionId, content: '积分' });
    const results = res.events.filter((e) => e.type === 'delta').map((e) => JSON.parse(e.data.text));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.at(-1)).toMatchObject({ ok: false, error: '本次回答的查询次数已达上限' });
  });
});
