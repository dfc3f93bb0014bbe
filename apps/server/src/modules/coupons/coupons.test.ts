import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import {
  buyer,
  dbOf,
  expectEnvelope,
  expectRefusal,
  HOSTILE,
  makeGoods,
  memberIdOf,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { bulkMembers, claimedCount, couponRows, couponTables, discountTemplate, makeTemplate, rangeOf } from './coupons-test-kit.ts';
import { invalidateCatalog } from '../catalog/catalog.service.ts';
import { claim } from './coupons.service.ts';

const P = {
  center: '/member/promotion/coupon/center',
  goods: '/member/promotion/coupon/goods',
  claim: '/member/promotion/coupon/claim',
  my: '/member/promotion/coupon/my',
  goodsInfo: '/member/promotion/coupon/goodsInfo',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);

async function category(name: string, parentId: number | null = null) {
  const [row] = await rows<{ id: number }>(
    db(),
    sql`INSERT INTO categories (name, level, parent_id) VALUES (${name}, ${parentId ? 2 : 1}, ${parentId}) RETURNING id`,
  );
  invalidateCatalog(db());
  return row!.id;
}

describe('领券中心 and a goods’ coupons', () => {
  test('the centre lists 发放中 领券中心 coupons with their rule in words; a member sees what they claimed', async () => {
    const open = await makeTemplate(db(), { name: '中心满减', thresholdFen: 19900, amountFen: 2000, totalQuantity: 3 });
    const off = await discountTemplate(db(), 80, 5000, { name: '中心折扣' });
    const stopped = await makeTemplate(db(), { name: '已停券', status: 'STOPPED' });
    const ended = await makeTemplate(db(), { name: '过期券', ...rangeOf(-10, -1) });
    const gift = await makeTemplate(db(), { name: '新人券', channel: 'NEW_MEMBER' });

    const visitor = await server.api.get(P.center);
    expectEnvelope(visitor);
    const ids = visitor.data.list.map((c: { templateId: number }) => c.templateId);
    expect(ids).toEqual(expect.arrayContaining([open.id, off.id]));
    expect(ids).not.toEqual(expect.arrayContaining([stopped.id]));
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(gift.id);
    const shown = visitor.data.list.find((c: { templateId: number }) => c.templateId === open.id);
    expect(shown).toMatchObject({ ruleText: '满199减20', faceText: '¥20', thresholdText: '满199可用', scopeText: '全场通用' });
    expect(shown).toMatchObject({ state: 'CLAIMABLE', remaining: 3, claimedByMe: 0, validityText: '领取后7天内有效' });
    expect(visitor.data.list.find((c: { templateId: number }) => c.templateId === off.id).ruleText).toBe('8折最高减50');

    const b = await buyer(server.api);
    const got = await server.api.post(P.claim, { token: b.token, json: { templateId: open.id } });
    expect(got).toMatchObject({ code: 0, message: '领取成功' });
    expect(got.data).toMatchObject({ state: 'CLAIMED', remaining: 2 });
    expect(got.data.coupon).toMatchObject({ status: 'UNUSED', ruleText: '满199减20', source: 'CENTER' });
    const mine = await server.api.get(P.center, { token: b.token });
    expect(mine.data.list.find((c: { templateId: number }) => c.templateId === open.id)).toMatchObject({
      state: 'CLAIMED',
      claimedByMe: 1,
      remaining: 2,
    });
  });

  test('a goods’ 领券 lists the coupons whose scope covers it (a category above its own counts)', async () => {
    const top = await category('券测数码');
    const leaf = await category('券测手机', top);
    const elsewhere = await category('券测图书');
    const [phone] = await rows<{ id: number }>(
      db(),
      sql`INSERT INTO goods (name, category_id, images, params, detail, price_fen, market_price_fen, search_vector)
          VALUES ('券测手机一号', ${leaf}, '[]', '[]', '[]', 100000, 120000, ''::tsvector) RETURNING id`,
    );
    const byTop = await makeTemplate(db(), { name: '数码券', scope: 'CATEGORIES', scopeIds: [top], channel: 'GOODS' });
    const byBook = await makeTemplate(db(), { name: '图书券', scope: 'CATEGORIES', scopeIds: [elsewhere] });
    const byGoods = await makeTemplate(db(), { name: '单品券', scope: 'GOODS', scopeIds: [phone!.id] });
    const granted = await makeTemplate(db(), { name: '发放券', channel: 'GRANT' });
    const res = await server.api.get(P.goods, { query: { goodsId: phone!.id } });
    const ids = res.data.list.map((c: { templateId: number }) => c.templateId);
    expect(ids).toEqual(expect.arrayContaining([byTop.id, byGoods.id]));
    expect(ids).not.toContain(byBook.id);
    expect(ids).not.toContain(granted.id);
    expect(res.data.list.find((c: { templateId: number }) => c.templateId === byTop.id).scopeText).toBe('限指定分类');

    expectRefusal(await server.api.get(P.goods, { query: { goodsId: 999_999_999 } }), Code.GOODS_NOT_FOUND);
    for (const goodsId of ['', 'abc', '-1', '0', '1.5', '99999999999', "1' OR 1=1", '手机']) {
      const bad = await server.api.get(P.goods, { query: { goodsId } });
      expectRefusal(bad, Code.BAD_REQUEST);
      expect(bad.message).toMatch(/商品/);
    }
  });
});

describe('claiming', () => {
  test('bad input is refused in Chinese and changes nothing', async () => {
    const b = await buyer(server.api);
    const t = await makeTemplate(db());
    const before = await couponTables(server);
    const bodies: unknown[] = [
      {},
      { templateId: null },
      { templateId: 'abc' },
      { templateId: -1 },
      { templateId: 0 },
      { templateId: 1.5 },
      { templateId: HOSTILE.huge },
      { templateId: 2_147_483_648 },
      { templateId: HOSTILE.sql },
      { templateId: HOSTILE.emoji },
      { templateId: [t.id] },
      { templateId: { id: t.id } },
      { templateId: true },
    ];
    for (const json of bodies) {
      const res = await server.api.post(P.claim, { token: b.token, json });
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message).toMatch(/优惠券/);
    }
    expectRefusal(await server.api.post(P.claim, { json: { templateId: t.id } }), Code.NOT_SIGNED_IN);
    expect(await couponTables(server)).toEqual(before);
  });

  test('refusals name the reason: unknown, not claimable here, stopped, ended, sold out, limit', async () => {
    const b = await buyer(server.api);
    const cases: [{ id: number }, number][] = [
      [{ id: 2_000_000_000 }, Code.COUPON_NOT_FOUND],
      [await makeTemplate(db(), { channel: 'GRANT' }), Code.COUPON_NOT_CLAIMABLE],
      [await makeTemplate(db(), { channel: 'NEW_MEMBER' }), Code.COUPON_NOT_CLAIMABLE],
      [await makeTemplate(db(), { status: 'STOPPED' }), Code.COUPON_STOPPED],
      [await makeTemplate(db(), { ...rangeOf(-5, -1) }), Code.COUPON_STOPPED],
      [await makeTemplate(db(), { totalQuantity: 0 }), Code.COUPON_SOLD_OUT],
    ];
    for (const [t, code] of cases) {
      const before = await couponTables(server);
      expectRefusal(await server.api.post(P.claim, { token: b.token, json: { templateId: t.id } }), code);
      expect(await couponTables(server)).toEqual(before);
    }
    const one = await makeTemplate(db(), { totalQuantity: 1 });
    const other = await buyer(server.api);
    expect((await server.api.post(P.claim, { token: other.token, json: { templateId: one.id } })).code).toBe(0);
    expectRefusal(await server.api.post(P.claim, { token: b.token, json: { templateId: one.id } }), Code.COUPON_SOLD_OUT);

    const two = await makeTemplate(db(), { perMemberLimit: 2 });
    expect((await server.api.post(P.claim, { token: b.token, json: { templateId: two.id } })).data.state).toBe('CLAIMABLE');
    expect((await server.api.post(P.claim, { token: b.token, json: { templateId: two.id } })).data.state).toBe('CLAIMED');
    const third = await server.api.post(P.claim, { token: b.token, json: { templateId: two.id } });
    expectRefusal(third, Code.COUPON_LIMIT);
    expect(third.message).toBe('每人限领 2 张，您已领取过了');
    expect(await claimedCount(server, two.id)).toBe(2);
  });

  test('one member’s 20 simultaneous claims of a limit-1 coupon give one', async () => {
    const b = await buyer(server.api);
    const t = await makeTemplate(db(), { totalQuantity: 50, perMemberLimit: 1 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => server.api.post(P.claim, { token: b.token, json: { templateId: t.id } })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 0).every((r) => r.code === Code.COUPON_LIMIT)).toBe(true);
    expect(await couponRows(server, sql`template_id = ${t.id}`)).toHaveLength(1);
    expect(await claimedCount(server, t.id)).toBe(1);
  });

  test('members racing over HTTP for fewer coupons than racers get exactly that many', async () => {
    const t = await makeTemplate(db(), { totalQuantity: 8 });
    const buyers = await Promise.all(Array.from({ length: 24 }, () => buyer(server.api)));
    const replies = await Promise.all(
      buyers.map((b) => server.api.post(P.claim, { token: b.token, json: { templateId: t.id } })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(8);
    expect(replies.filter((r) => r.code !== 0).every((r) => r.code === Code.COUPON_SOLD_OUT)).toBe(true);
    expect(await couponRows(server, sql`template_id = ${t.id}`)).toHaveLength(8);
  }, 120_000);

  test('1,000 members racing for 100 coupons get exactly 100', async () => {
    const t = await makeTemplate(db(), { totalQuantity: 100 });
    const members = await bulkMembers(server, 1000);
    const results = await Promise.allSettled(members.map((m) => claim(server.running.app.ctx, m, t.id)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(100);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as { code: number }).code).toBe(Code.COUPON_SOLD_OUT);
    }
    const held = await couponRows(server, sql`template_id = ${t.id}`);
    expect(held).toHaveLength(100);
    expect(new Set(held.map((h) => h.member_id)).size).toBe(100);
    expect(await claimedCount(server, t.id)).toBe(100);
  }, 300_000);
});

describe('我的优惠券', () => {
  test('tabs with counts, expiring-soon, held and expired; bad tabs refused', async () => {
    const b = await buyer(server.api);
    const memberId = await memberIdOf(server.api, b.token);
    const soon = await makeTemplate(db(), { name: '快过期', validDays: 2, perMemberLimit: 5 });
    const later = await makeTemplate(db(), { name: '慢慢用', validDays: 30 });
    for (const t of [soon, soon, later]) {
      expect((await server.api.post(P.claim, { token: b.token, json: { templateId: t.id } })).code).toBe(0);
    }
    const [first] = await couponRows(server, sql`member_id = ${memberId} AND template_id = ${soon.id}`);
    await db().execute(sql`UPDATE member_coupons SET valid_to = now() - interval '1 minute' WHERE id = ${first!.id}`);

    const unused = await server.api.get(P.my, { token: b.token });
    expect(unused.data).toMatchObject({ total: 2, counts: { UNUSED: 2, USED: 0, EXPIRED: 1 }, expiringSoonCount: 1 });
    // Ending first comes first, flagged.
    expect(unused.data.list.map((c: { name: string; expiringSoon: boolean }) => [c.name, c.expiringSoon])).toEqual([
      ['快过期', true],
      ['慢慢用', false],
    ]);
    const expired = await server.api.get(P.my, { token: b.token, query: { tab: 'EXPIRED' } });
    expect(expired.data.list).toHaveLength(1);
    expect(expired.data.list[0]).toMatchObject({ id: first!.id, status: 'EXPIRED', statusText: '已过期', expiringSoon: false });
    const used = await server.api.get(P.my, { token: b.token, query: { tab: 'USED' } });
    expect(used.data).toMatchObject({ list: [], total: 0 });

    // Another member sees none of these.
    const other = await buyer(server.api);
    expect((await server.api.get(P.my, { token: other.token })).data.counts).toEqual({ UNUSED: 0, USED: 0, EXPIRED: 0 });

    const badQueries: Record<string, string | number>[] = [{ tab: 'ALL' }, { tab: "' OR 1=1" }, { tab: '未使用' }, { pageSize: 51 }, { pageNum: 0 }, { pageNum: -1 }];
    for (const query of badQueries) {
      expectRefusal(await server.api.get(P.my, { token: b.token, query }), Code.BAD_REQUEST);
    }
    expectRefusal(await server.api.get(P.my), Code.NOT_SIGNED_IN);
  });

  test('couponGoodsList info: the rule, the scope and how far the selected cart is from the threshold', async () => {
    const b = await buyer(server.api);
    const cat = await category('券测家电');
    const t = await makeTemplate(db(), { thresholdFen: 30000, amountFen: 3000, scope: 'CATEGORIES', scopeIds: [cat] });
    const claimed = await server.api.post(P.claim, { token: b.token, json: { templateId: t.id } });
    const id = claimed.data.coupon.id as string;

    const empty = await server.api.get(P.goodsInfo, { token: b.token, query: { couponId: id } });
    expect(empty.data.coupon).toMatchObject({ id, ruleText: '满300减30' });
    expect(empty.data.scope).toEqual({ type: 'CATEGORIES', categories: [{ id: cat, name: '券测家电' }], goodsIds: [] });
    expect(empty.data.cart).toMatchObject({ inScopeAmount: 0, shortFen: 30000, discountFen: 0 });

    const [g] = await rows<{ id: number }>(
      db(),
      sql`INSERT INTO goods (name, category_id, images, params, detail, price_fen, market_price_fen, search_vector)
          VALUES ('券测电饭煲', ${cat}, '[]', '[]', '[]', 12000, 15000, ''::tsvector) RETURNING id`,
    );
    const [sku] = await rows<{ id: number }>(
      db(),
      sql`INSERT INTO skus (goods_id, code, specs, price_fen, market_price_fen, stock) VALUES (${g!.id}, 'QC-1', '{}', 12000, 15000, 50) RETURNING id`,
    );
    const outside = await makeGoods(db(), { priceFen: 90000 });
    await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: sku!.id, quantity: 2 } });
    await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: outside.skuId, quantity: 1 } });
    const short = await server.api.get(P.goodsInfo, { token: b.token, query: { couponId: id } });
    expect(short.data.cart).toEqual({ inScopeAmount: 24000, shortFen: 6000, hint: '还差¥60.00可用', discountFen: 0 });

    await server.api.post('/member/trade/cart/add', { token: b.token, json: { skuId: sku!.id, quantity: 1 } });
    const reached = await server.api.get(P.goodsInfo, { token: b.token, query: { couponId: id } });
    expect(reached.data.cart).toEqual({ inScopeAmount: 36000, shortFen: 0, hint: '已满足使用条件，去结算', discountFen: 3000 });

    // Someone else's coupon, a made-up one and malformed ids.
    const other = await buyer(server.api);
    expectRefusal(await server.api.get(P.goodsInfo, { token: other.token, query: { couponId: id } }), Code.COUPON_NOT_FOUND);
    expectRefusal(
      await server.api.get(P.goodsInfo, { token: b.token, query: { couponId: '00000000-0000-4000-8000-000000000000' } }),
      Code.COUPON_NOT_FOUND,
    );
    for (const couponId of ['', 'abc', "' OR 1=1 --", '优惠券', 'x'.repeat(500)]) {
      const res = await server.api.get(P.goodsInfo, { token: b.token, query: { couponId } });
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message).toMatch(/优惠券/);
    }
  });
});
