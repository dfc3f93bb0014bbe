import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import {
  consoleCalls,
  dbOf,
  makeGoods,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { approvedDistributor, boundBuyer, settledOrder } from './distribution-test-kit.ts';

/**
 * 分销商品 / 推广商品 over HTTP: the programme's goods on shelf with what one unit earns the member (分销
 * by each SKU's rule, 推广 by the member's level), searched by name and sorted; bad input refused in
 * Chinese; a member outside the programme told how to join.
 */
const OPS_TOKEN = 'distribution-member-goods-ops-token-0123';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const page = (token: string, query: Record<string, string | number>) =>
  server.api.get('/member/distribution/goods/page', { token, query });
const save = async (json: unknown) => {
  const r = await consoleCalls(server, OPS_TOKEN).post('/ops/distribution/goods/save', json);
  expect(r.code, r.message).toBe(0);
};
const setSales = (goodsId: number, sales: number) =>
  rows(dbOf(server), sql`UPDATE goods SET sales = ${sales} WHERE id = ${goodsId}`);

describe('GET /member/distribution/goods/page', () => {
  it('分销: each SKU by its rule, the card at its best; on shelf only; search and every sort', async () => {
    const d = await approvedDistributor(server, OPS_TOKEN, 'CLASSIC');
    const db = dbOf(server);
    const mixed = await makeGoods(db, {
      name: '甲款保温杯 Cup',
      skus: [
        { specs: { 容量: '350ml' }, priceFen: 10000, stock: 5 },
        { specs: { 容量: '500ml' }, priceFen: 20000, stock: 5 },
      ],
    });
    const rated = await makeGoods(db, { name: '乙款保温杯', priceFen: 30000 });
    const fixed = await makeGoods(db, { name: '丙款保温杯', priceFen: 5000 });
    const hidden = await makeGoods(db, { name: '丁款保温杯', priceFen: 5000, onShelf: false });
    const [small, large] = mixed.skuIds as [number, number];
    await save({
      programme: 'CLASSIC',
      goodsId: mixed.goodsId,
      skus: [
        { skuId: small, ruleType: 'FIXED', amountFen: 500 },
        { skuId: large, ruleType: 'RATE', basisPoints: 1250 },
      ],
    });
    await save({
      programme: 'CLASSIC',
      goodsId: rated.goodsId,
      skus: [{ skuId: rated.skuId, ruleType: 'RATE', basisPoints: 500 }],
    });
    await save({
      programme: 'CLASSIC',
      goodsId: fixed.goodsId,
      skus: [{ skuId: fixed.skuId, ruleType: 'FIXED', amountFen: 800 }],
    });
    await save({
      programme: 'CLASSIC',
      goodsId: hidden.goodsId,
      skus: [{ skuId: hidden.skuId, ruleType: 'FIXED', amountFen: 100 }],
    });
    // Marked in 推广 only: not a 分销 goods.
    const promoterOnly = await makeGoods(db, { name: '戊款保温杯', priceFen: 5000 });
    await save({ programme: 'PROMOTER', goodsId: promoterOnly.goodsId, skus: [{ skuId: promoterOnly.skuId }] });
    await setSales(mixed.goodsId, 7);
    await setSales(rated.goodsId, 90);
    await setSales(fixed.goodsId, 30);

    const all = await page(d.token, { programme: 'CLASSIC', keyword: '保温杯' });
    expect(all).toMatchObject({ code: 0, data: { total: 3, pageNum: 1, pageSize: 10 } });
    // Newest marked first.
    expect(all.data.list.map((c: { goodsId: number }) => c.goodsId)).toEqual([
      fixed.goodsId,
      rated.goodsId,
      mixed.goodsId,
    ]);
    expect(all.data.list[2]).toEqual({
      goodsId: mixed.goodsId,
      goodsName: '甲款保温杯 Cup',
      image: '/static/goods/test.svg',
      priceFen: 10000,
      commissionFen: 2500,
      commissionText: '最高佣金 ¥25.00',
      salesCount: 7,
      skus: [
        { skuId: small, specText: '容量：350ml', priceFen: 10000, commissionFen: 500 },
        { skuId: large, specText: '容量：500ml', priceFen: 20000, commissionFen: 2500 },
      ],
    });
    expect(all.data.list[1]).toMatchObject({ priceFen: 30000, commissionFen: 1500, commissionText: '赚 5%' });
    expect(all.data.list[0]).toMatchObject({ priceFen: 5000, commissionFen: 800, commissionText: '佣金 ¥8.00' });

    const order = async (sort: string) =>
      (await page(d.token, { programme: 'CLASSIC', keyword: '保温杯', sort })).data.list.map(
        (c: { goodsId: number }) => c.goodsId,
      );
    expect(await order('commission')).toEqual([mixed.goodsId, rated.goodsId, fixed.goodsId]);
    expect(await order('price')).toEqual([fixed.goodsId, mixed.goodsId, rated.goodsId]);
    expect(await order('sales')).toEqual([rated.goodsId, fixed.goodsId, mixed.goodsId]);
    expect(await order('default')).toEqual([fixed.goodsId, rated.goodsId, mixed.goodsId]);

    // Search: part of the name, any case; pages.
    expect(await page(d.token, { programme: 'CLASSIC', keyword: 'cup' })).toMatchObject({
      data: { total: 1, list: [{ goodsId: mixed.goodsId }] },
    });
    const second = await page(d.token, {
      programme: 'CLASSIC',
      keyword: '保温杯',
      sort: 'price',
      pageNum: 2,
      pageSize: 2,
    });
    expect(second.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2, list: [{ goodsId: rated.goodsId }] });
    // Taken off the shelf: gone from the list.
    await rows(db, sql`UPDATE goods SET on_shelf = false WHERE id = ${rated.goodsId}`);
    expect((await page(d.token, { programme: 'CLASSIC', keyword: '保温杯' })).data.total).toBe(2);
  });

  it('推广: every marked SKU at the member’s level, direct rate; a higher level earns more', async () => {
    const p = await approvedDistributor(server, OPS_TOKEN, 'PROMOTER');
    const g = await makeGoods(dbOf(server), {
      name: '推广测试茶具',
      skus: [
        { specs: { 款式: '四件套' }, priceFen: 19900, stock: 50 },
        { specs: { 款式: '六件套' }, priceFen: 29900, stock: 50 },
      ],
    });
    await save({ programme: 'PROMOTER', goodsId: g.goodsId, skus: g.skuIds.map((skuId) => ({ skuId })) });
    const card = async () => (await page(p.token, { programme: 'PROMOTER', keyword: '推广测试茶具' })).data.list[0];
    // 普通: 5 % of ¥299.00 = ¥14.95 at most.
    expect(await card()).toMatchObject({
      priceFen: 19900,
      commissionFen: 1495,
      commissionText: '赚 5%',
      skus: [{ commissionFen: 995 }, { commissionFen: 1495 }],
    });
    // ¥10,000 of settled direct sales: 银牌, 8 %.
    const big = await makeGoods(dbOf(server), { name: '推广大件', priceFen: 1_000_000, stock: 5 });
    await save({ programme: 'PROMOTER', goodsId: big.goodsId, skus: [{ skuId: big.skuId }] });
    const b = await boundBuyer(server, p.token, big.goodsId);
    await settledOrder(server, OPS_TOKEN, b, big.skuId);
    expect(await card()).toMatchObject({
      commissionFen: 2392,
      commissionText: '赚 8%',
      skus: [{ commissionFen: 1592 }, {}],
    });
  });

  it('a member outside the programme is told to join; bad input is refused in Chinese', async () => {
    const outsider = await registeredMember(server.api);
    expect(await page(outsider.accessToken, { programme: 'CLASSIC' })).toMatchObject({
      code: Code.DISTRIBUTION_NOT_MEMBER,
      message: '您还不是分销计划的成员，请先申请加入',
    });
    const classicOnly = await approvedDistributor(server, OPS_TOKEN, 'CLASSIC');
    expect((await page(classicOnly.token, { programme: 'PROMOTER' })).message).toBe(
      '您还不是推广计划的成员，请先申请加入',
    );
    expect((await server.api.get('/member/distribution/goods/page?programme=CLASSIC')).code).toBe(Code.NOT_SIGNED_IN);

    const t = classicOnly.token;
    const cases: [Record<string, string | number>, string][] = [
      [{}, '请选择计划'],
      [{ programme: 'classic' }, '计划取值不正确'],
      [{ programme: "CLASSIC' OR 1=1" }, '计划取值不正确'],
      [{ programme: 'CLASSIC', sort: 'name' }, '排序方式取值不正确'],
      [{ programme: 'CLASSIC', sort: 'commission;DROP TABLE goods' }, '排序方式取值不正确'],
      [{ programme: 'CLASSIC', pageSize: 0 }, '每页条数不能小于 1'],
      [{ programme: 'CLASSIC', pageSize: 51 }, '每页条数不能大于 50'],
      [{ programme: 'CLASSIC', pageSize: -1 }, '每页条数不能小于 1'],
      [{ programme: 'CLASSIC', pageSize: 'x' }, '每页条数必须是整数'],
      [{ programme: 'CLASSIC', pageNum: 0 }, '页码不能小于 1'],
      [{ programme: 'CLASSIC', pageNum: '1.5' }, '页码必须是整数'],
      [{ programme: 'CLASSIC', keyword: '杯'.repeat(31) }, '关键词不能超过 30 个字符'],
      [{ programme: 'CLASSIC', keyword: 'a\u0000' }, '关键词含有不允许的字符'],
    ];
    for (const [query, message] of cases)
      expect(await page(t, query), JSON.stringify(query)).toMatchObject({ code: 400, message });
    // Injection-shaped and unicode keywords are searched for as they are: nothing matches.
    for (const keyword of ["%' OR 1=1 --", '%', '_', '\\', '😀保温', '<script>']) {
      expect(await page(t, { programme: 'CLASSIC', keyword }), keyword).toMatchObject({
        code: 0,
        data: { total: 0, list: [] },
      });
    }
  });
});
